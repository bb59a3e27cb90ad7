import { connect } from 'amqplib';
import { Pool } from 'undici';
import { signPrincipal } from '@pc/auth';
import { ALL_SCOPES } from '@pc/contracts';
import { cpuWindow, ownCpu, processCpu, processGroupCpu } from '../support/cpu';
import { percentile } from '../support/percentile';
import {
  EXCHANGE,
  INTERNAL_SECRET,
  infrastructure,
  startStack,
  type BenchStack,
} from './bench-stack';

/**
 * Verification sessions under load: CONCURRENCY clients each create a session and complete it
 * through the sandbox API, for DURATION seconds after a warm-up. Prints one JSON object: sessions
 * created and completed per second, and the time from completion (the session's finished_at) to
 * verification.completed arriving from RabbitMQ (p50/p99).
 *
 * The sessions table starts with a day of history (BENCH_HISTORY finished sessions, default 20,000)
 * and planner statistics, as a running service's does. The first 15 s are warm-up and not measured:
 * V8 is still compiling the request path for that long (its completions per second are printed
 * apart, as `warmup`), and a service under this load has been running for much longer.
 *
 * Options (env): BENCH_VIA=gateway|direct (default gateway), BENCH_DURATION_S (10),
 * BENCH_WARMUP_S (15), BENCH_CONCURRENCY (32), BENCH_DB_POOL (20), BENCH_HISTORY (20000),
 * BENCH_PROFILE_DIR (write V8 CPU profiles of the service processes there).
 */
const options = {
  via: (process.env.BENCH_VIA === 'direct' ? 'direct' : 'gateway') as 'gateway' | 'direct',
  durationS: Number(process.env.BENCH_DURATION_S ?? 10),
  warmupS: Number(process.env.BENCH_WARMUP_S ?? 15),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
  dbPool: Number(process.env.BENCH_DB_POOL ?? 20),
};

const PATH = '/api/v1/verifications';

function authHeaders(stack: BenchStack): () => Record<string, string> {
  if (stack.partnerKey) {
    const headers = { authorization: `Bearer ${stack.partnerKey}` };
    return () => headers;
  }
  let signedAt = 0;
  let headers: Record<string, string> = {};
  const principal = {
    partnerId: stack.partnerId,
    channels: ['bench'],
    scopes: [...ALL_SCOPES],
    keyId: 'key_bench',
    requestId: 'bench',
  };
  return () => {
    if (Date.now() - signedAt > 10_000) {
      signedAt = Date.now();
      headers = signPrincipal(principal, INTERNAL_SECRET);
    }
    return headers;
  };
}

async function main(): Promise<void> {
  const stack = await startStack(options.via, options.dbPool);
  const connection = await connect(infrastructure.rabbitUrl);
  try {
    const channel = await connection.createChannel();
    await channel.assertExchange(EXCHANGE, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    await channel.bindQueue(queue, EXCHANGE, 'verification.completed');
    const arrivals = new Map<string, number>();
    await channel.consume(
      queue,
      (message) => {
        if (!message) return;
        const event = JSON.parse(message.content.toString('utf8')) as {
          data: { verification_session_id: string };
        };
        arrivals.set(event.data.verification_session_id, Date.now());
      },
      { noAck: true },
    );

    const pool = new Pool(stack.baseUrl, { connections: options.concurrency, pipelining: 1 });
    const auth = authHeaders(stack);
    const post = async (path: string, body: object) => {
      const response = await pool.request({
        method: 'POST',
        path,
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.body.text();
      if (response.statusCode >= 300)
        throw new Error(`POST ${path} → ${response.statusCode} ${text}`);
      return JSON.parse(text) as { id: string; finished_at: string | null };
    };

    const startAt = Date.now();
    const measureFrom = startAt + options.warmupS * 1000;
    const stopAt = measureFrom + options.durationS * 1000;
    let created = 0;
    let completed = 0;
    let completedInWarmup = 0;
    let errors = 0;
    let firstError: string | null = null;
    const finishedAt = new Map<string, number>();
    const cpuSources = [
      ...stack.processes.map(({ name, pid }) => processCpu(name, pid)),
      processGroupCpu('postgresql', /^postgres/),
      processGroupCpu('rabbitmq', /beam\.smp/),
      processGroupCpu('redis', /^redis-server/),
      ownCpu(),
    ];
    const cpuPerSession = new Promise<Record<string, number>>((resolve, reject) => {
      setTimeout(() => {
        cpuWindow(cpuSources)
          .then((end) =>
            setTimeout(() => end(completed).then(resolve, reject), stopAt - Date.now()),
          )
          .catch(reject);
      }, measureFrom - Date.now());
    });
    const client = async () => {
      while (Date.now() < stopAt) {
        try {
          const session = await post(PATH, { provider: 'bank_transfer' });
          if (Date.now() >= measureFrom && Date.now() < stopAt) created++;
          const done = await post(`${PATH}/${session.id}/sandbox/complete`, {
            outcome: 'verified',
          });
          const now = Date.now();
          if (now < measureFrom) completedInWarmup++;
          if (now >= measureFrom && now < stopAt) {
            completed++;
            finishedAt.set(session.id, Date.parse(done.finished_at as string));
          }
        } catch (error) {
          errors++;
          firstError ??= (error as Error).message;
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, client));
    const drainUntil = Date.now() + 10_000;
    while (Date.now() < drainUntil && [...finishedAt.keys()].some((id) => !arrivals.has(id))) {
      await new Promise((done) => setTimeout(done, 100));
    }
    const latencies = [...finishedAt]
      .flatMap(([id, at]) => (arrivals.has(id) ? [(arrivals.get(id) as number) - at] : []))
      .sort((a, b) => a - b);
    await pool.close();
    await channel.deleteExchange(EXCHANGE).catch(() => undefined);
    console.log(
      JSON.stringify(
        {
          bench: 'verifications',
          via: stack.via,
          duration_s: options.durationS,
          concurrency: options.concurrency,
          sessions_created_per_s: Math.round((created / options.durationS) * 10) / 10,
          sessions_completed_per_s: Math.round((completed / options.durationS) * 10) / 10,
          completion_to_broker_ms: {
            p50: percentile(latencies, 50),
            p99: percentile(latencies, 99),
            max: latencies.at(-1) ?? null,
            samples: latencies.length,
          },
          cpu_ms_per_completed_session: await cpuPerSession,
          warmup: {
            duration_s: options.warmupS,
            sessions_completed_per_s:
              Math.round((completedInWarmup / Math.max(options.warmupS, 1)) * 10) / 10,
          },
          completed_events_missing: finishedAt.size - latencies.length,
          errors,
          first_error: firstError,
          targets: { completed_per_s: 500, p99_ms: 100 },
        },
        null,
        2,
      ),
    );
  } finally {
    await connection.close().catch(() => undefined);
    await stack.stop();
  }
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
