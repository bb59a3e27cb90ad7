/**
 * Full API onboarding of one company per iteration (create → company → bank/profile → representation
 * → document → beneficial owner → invitation → finalize), run by N concurrent partners in a closed
 * loop. Prints JSON: onboardings/s and latency percentiles per call. See docs/performance.md.
 *
 *   npm run bench:onboarding   (builds, then runs the compiled bench and apps from dist/)
 *
 * BENCH_VIA=gateway (default: real partner keys through apps/api-gateway) or direct (signed principals).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Pool } from 'undici';
import { DataSource } from 'typeorm';
import { signPrincipal, type Principal } from '@pc/auth';
import { ALL_SCOPES } from '@pc/contracts';
import { dropDatabase, migrate, type DatabaseConfig } from '@pc/persistence';
import { partnerOnboardingDataSourceOptions } from '../../apps/partner-onboarding/src/partner-onboarding.datasource';
import { apiGatewayDataSourceOptions } from '../../apps/api-gateway/src/api-gateway.datasource';
import { PartnerCommands } from '../../apps/api-gateway/src/cli/partner-commands';
import { onboardingSteps, type Step } from './onboarding-steps';
import { summarise } from './latency';

const env = process.env;
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 50);
const DURATION_S = Number(env.BENCH_DURATION_S ?? 20);
const WARMUP_S = Number(env.BENCH_WARMUP_S ?? 3);
const VIA = env.BENCH_VIA === 'direct' ? 'direct' : 'gateway';
/** Unset: closed loop (each partner starts its next onboarding at once). Set: total onboardings started per second. */
const RATE = env.BENCH_ONBOARDINGS_PER_S ? Number(env.BENCH_ONBOARDINGS_PER_S) : null;
const SERVICE_LOG_LEVEL = env.BENCH_LOG_LEVEL ?? 'warn';
const SERVICE_PORT = Number(env.BENCH_SERVICE_PORT ?? 3901);
const GATEWAY_PORT = Number(env.BENCH_GATEWAY_PORT ?? 3900);
const INTERNAL_SECRET = randomBytes(24).toString('hex');
const RUN = randomBytes(3).toString('hex');
/** The build's root (dist/): the bench runs the compiled apps, as they run in production. */
const BUILD_ROOT = join(__dirname, '../..');

const db = (database: string): DatabaseConfig => ({
  host: env.DATABASE_HOST ?? '127.0.0.1',
  port: Number(env.DATABASE_PORT ?? 5432),
  user: env.DATABASE_USER ?? 'postgres',
  password: env.DATABASE_PASSWORD ?? '',
  database,
});

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

function startService(main: string, variables: Record<string, string>): ChildProcess {
  const nodeArgs = (env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(BUILD_ROOT, main)], {
    cwd: join(BUILD_ROOT, '..'),
    env: { ...env, ...variables },
    // The services' logs go to stderr: stdout carries only the result JSON.
    stdio: ['ignore', 2, 2],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) log(`${main} exited (${code ?? signal})`);
  });
  return child;
}

async function waitReady(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`port ${port} not ready within ${timeoutMs} ms`);
}

/** One caller per simulated partner: how it authenticates each call. */
type Authenticate = () => Record<string, string>;

async function partnersThroughGateway(gatewayDb: DatabaseConfig): Promise<Authenticate[]> {
  const dataSource = new DataSource(apiGatewayDataSourceOptions(gatewayDb));
  await dataSource.initialize();
  const commands = PartnerCommands.forDataSource(dataSource, 'test');
  const callers: Authenticate[] = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const { partner_id } = await commands.create(`Bench partner ${i}`);
    await commands.addChannel(partner_id, `bench-${RUN}-${i}`);
    const { key } = await commands.issueKey(partner_id);
    callers.push(() => ({ authorization: `Bearer ${key}` }));
  }
  await dataSource.destroy();
  return callers;
}

function partnersDirect(): Authenticate[] {
  return Array.from({ length: CONCURRENCY }, (_, i) => {
    const principal: Principal = {
      partnerId: `bench-${RUN}-${i}`,
      channels: ['web'],
      scopes: [...ALL_SCOPES],
      keyId: 'bench',
      requestId: 'bench',
    };
    return () => signPrincipal(principal, INTERNAL_SECRET);
  });
}

let stopping = false;

async function main(): Promise<void> {
  const onboardingDb = db(`pc_onboarding_bench_${RUN}`);
  const gatewayDb = db(`pc_gateway_bench_${RUN}`);
  const children: ChildProcess[] = [];
  try {
    await migrate(onboardingDb, partnerOnboardingDataSourceOptions(onboardingDb));
    const common = {
      INTERNAL_AUTH_SECRET: INTERNAL_SECRET,
      LOG_LEVEL: SERVICE_LOG_LEVEL,
      EVENTS_EXCHANGE: `bench.${RUN}`,
    };
    children.push(
      startService('apps/partner-onboarding/src/main.js', {
        ...common,
        PORT: String(SERVICE_PORT),
        DATABASE_NAME: onboardingDb.database,
        HOSTED_LINK_SECRET: randomBytes(24).toString('hex'),
        DATABASE_POOL_SIZE: env.BENCH_DB_POOL_SIZE ?? '10',
      }),
    );
    let port = SERVICE_PORT;
    let callers: Authenticate[];
    if (VIA === 'gateway') {
      await migrate(gatewayDb, apiGatewayDataSourceOptions(gatewayDb));
      callers = await partnersThroughGateway(gatewayDb);
      children.push(
        startService('apps/api-gateway/src/main.js', {
          ...common,
          PORT: String(GATEWAY_PORT),
          DATABASE_NAME: gatewayDb.database,
          ROUTED_SERVICES: 'onboarding',
          ONBOARDING_SERVICE_URL: `http://127.0.0.1:${SERVICE_PORT}`,
          RATE_LIMIT_POINTS: '1000000',
          REDIS_KEY_PREFIX: `bench:${RUN}:`,
        }),
      );
      port = GATEWAY_PORT;
    } else {
      callers = partnersDirect();
    }
    await waitReady(SERVICE_PORT);
    await waitReady(port);
    log(
      `${CONCURRENCY} partners via ${VIA} on :${port}, ${RATE ? `${RATE} onboardings/s` : 'closed loop'}; warm-up ${WARMUP_S} s, measuring ${DURATION_S} s`,
    );
    const result = await run(
      new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY, pipelining: 1 }),
      callers,
    );
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
          ),
      ),
    );
    await dropDatabase(onboardingDb).catch(() => undefined);
    if (VIA === 'gateway') await dropDatabase(gatewayDb).catch(() => undefined);
  }
}

async function run(pool: Pool, callers: Authenticate[]) {
  const samples = new Map<string, number[]>();
  const failures: Record<string, number> = {};
  const startedAt = Date.now();
  const measureFrom = startedAt + WARMUP_S * 1000;
  const stopAt = measureFrom + DURATION_S * 1000;
  let onboardings = 0;

  async function call(step: Step, authenticate: Authenticate): Promise<unknown> {
    const begin = process.hrtime.bigint();
    const response = await pool.request({
      method: step.method,
      path: step.path,
      headers: { 'content-type': 'application/json', ...authenticate() },
      body: step.body === undefined ? undefined : JSON.stringify(step.body),
    });
    const body = await response.body.text();
    const elapsedMs = Number(process.hrtime.bigint() - begin) / 1e6;
    if (Date.now() >= measureFrom) {
      const list = samples.get(step.name) ?? [];
      list.push(elapsedMs);
      samples.set(step.name, list);
    }
    if (response.statusCode !== step.expect) {
      failures[`${step.name} ${response.statusCode}`] =
        (failures[`${step.name} ${response.statusCode}`] ?? 0) + 1;
      throw new Error(`${step.name}: ${response.statusCode} ${body.slice(0, 300)}`);
    }
    return body ? JSON.parse(body) : undefined;
  }

  // Paced: each partner starts one onboarding every `interval` ms (staggered); a late start is counted.
  const intervalMs = RATE ? (CONCURRENCY / RATE) * 1000 : 0;
  let lateStarts = 0;
  async function partnerLoop(authenticate: Authenticate, index: number): Promise<void> {
    let nextStart = startedAt + (intervalMs * index) / CONCURRENCY;
    for (let n = 0; Date.now() < stopAt; n++) {
      if (RATE) {
        const wait = nextStart - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        else if (n > 0 && Date.now() >= measureFrom) lateStarts++;
        nextStart += intervalMs;
        if (Date.now() >= stopAt) break;
      }
      const ref = `b${index}-${n}`;
      try {
        for (const step of onboardingSteps(ref)) await call(step, authenticate);
        if (Date.now() >= measureFrom && Date.now() < stopAt) onboardings++;
      } catch (error) {
        if (Object.values(failures).reduce((a, b) => a + b, 0) <= 3) log((error as Error).message);
      }
    }
  }

  await Promise.all(callers.map((authenticate, index) => partnerLoop(authenticate, index)));
  const measuredS = (Math.min(Date.now(), stopAt) - measureFrom) / 1000;
  await pool.close();
  return {
    ...summarise({
      via: VIA,
      concurrency: CONCURRENCY,
      measuredS,
      onboardings,
      samples,
      failures,
      targetP99Ms: 50,
    }),
    pacing: RATE
      ? { target_onboardings_per_s: RATE, late_starts: lateStarts }
      : 'closed loop (no pause between calls)',
  };
}

main().catch((error) => {
  log(`failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
});
