import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dropDatabase, migrate, type DatabaseConfig } from '@pc/persistence';
import { verificationSessionsDataSourceOptions } from '../../apps/verification-sessions/src/verification-sessions.datasource';
import { apiGatewayDataSourceOptions } from '../../apps/api-gateway/src/api-gateway.datasource';
import { PartnerCommands } from '../../apps/api-gateway/src/cli/partner-commands';

/** Where the bench finds the local services; the same variables the services read. */
export const infrastructure = {
  host: process.env.DATABASE_HOST ?? '127.0.0.1',
  port: Number(process.env.DATABASE_PORT ?? 5432),
  user: process.env.DATABASE_USER ?? 'postgres',
  password: process.env.DATABASE_PASSWORD ?? '',
  rabbitUrl: process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

export const INTERNAL_SECRET = randomBytes(24).toString('hex');
const suffix = randomBytes(4).toString('hex');
export const EXCHANGE = `bench_verifications_${suffix}`;

function database(name: string): DatabaseConfig {
  const { host, port, user, password } = infrastructure;
  return { host, port, user, password, database: `${name}_${suffix}` };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

async function waitReady(baseUrl: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${baseUrl} exited with code ${child.exitCode}`);
    const ready = await fetch(`${baseUrl}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${baseUrl} not ready within ${timeoutMs} ms`);
}

/** BENCH_PROFILE_DIR=<dir> writes a V8 CPU profile of every service process there on exit. */
function startProcess(entry: string, env: Record<string, string>): ChildProcess {
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return spawn(process.execPath, [...profile, resolve(__dirname, entry)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Finished sessions of the past day; BENCH_HISTORY overrides the count. */
const HISTORY_SESSIONS = Number(process.env.BENCH_HISTORY ?? 20_000);

/**
 * The service under load in production works on tables with history and planner statistics. On a
 * table created a moment ago, each pooled connection caches generic plans costed for an empty table
 * (a partner-wide index scan for a lookup by id) until autovacuum's first ANALYZE, up to a minute
 * later; a 12-second bench would measure only that start-up window.
 */
async function seedHistory(config: DatabaseConfig): Promise<void> {
  const client = new Client({ ...config });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO verification_sessions (id, partner_id, provider, mode, status, steps,
         request_fingerprint, result_status, confidence_score, ttl_seconds, expires_at, created_at,
         updated_at, finished_at)
       SELECT gen_random_uuid(), 'prt_history_' || (n % 20), 'bank_transfer', 'single', 'completed',
         '[]', md5(n::text), 'verified', 0.95, 900, at + interval '15 minutes', at, at + interval '1 minute',
         at + interval '1 minute'
       FROM generate_series(1, $1::int) AS n,
         LATERAL (SELECT now() - interval '1 day' * (n::float / $1::int) AS at) AS t`,
      [HISTORY_SESSIONS],
    );
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

export interface BenchStack {
  /** Base URL the load goes to: the gateway, or the service itself in direct mode. */
  baseUrl: string;
  /** Headers that authenticate one request (a partner key, or a freshly signed principal). */
  via: 'gateway' | 'direct';
  partnerKey: string | null;
  partnerId: string;
  /** The service processes the bench started, for CPU accounting. */
  processes: { name: string; pid: number }[];
  stop(): Promise<void>;
}

/** Fresh databases and exchange, the service (and the gateway in front of it) as child processes. */
export async function startStack(via: 'gateway' | 'direct', poolSize: number): Promise<BenchStack> {
  const sessionsDb = database('bench_pc_verifications');
  await migrate(sessionsDb, verificationSessionsDataSourceOptions(sessionsDb));
  await seedHistory(sessionsDb);
  const servicePort = await freePort();
  const children: ChildProcess[] = [];
  const databases = [sessionsDb];
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) =>
          new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done))),
      ),
    );
    for (const db of databases) await dropDatabase(db).catch(() => undefined);
  };
  try {
    const service = startProcess('../../apps/verification-sessions/src/main.js', {
      PORT: String(servicePort),
      DATABASE_NAME: sessionsDb.database,
      DATABASE_POOL_SIZE: String(poolSize),
      EVENTS_EXCHANGE: EXCHANGE,
      INTERNAL_AUTH_SECRET: INTERNAL_SECRET,
      LOG_LEVEL: 'warn',
      SANDBOX_MODE: 'true',
    });
    children.push(service);
    const serviceUrl = `http://127.0.0.1:${servicePort}`;
    await waitReady(serviceUrl, service);
    const processes = [{ name: 'service', pid: service.pid as number }];
    if (via === 'direct') {
      const partnerId = `prt_bench_${suffix}`;
      return { baseUrl: serviceUrl, via, partnerKey: null, partnerId, processes, stop };
    }

    const gatewayDb = database('bench_pc_gateway');
    databases.push(gatewayDb);
    await migrate(gatewayDb, apiGatewayDataSourceOptions(gatewayDb));
    const dataSource = new DataSource(apiGatewayDataSourceOptions(gatewayDb));
    await dataSource.initialize();
    const commands = PartnerCommands.forDataSource(dataSource, 'test');
    const partner = await commands.create('Bench Partner');
    await commands.addChannel(partner.partner_id, 'bench');
    const issued = await commands.issueKey(partner.partner_id);
    await dataSource.destroy();
    const gatewayPort = await freePort();
    const gateway = startProcess('../../apps/api-gateway/src/main.js', {
      PORT: String(gatewayPort),
      DATABASE_NAME: gatewayDb.database,
      INTERNAL_AUTH_SECRET: INTERNAL_SECRET,
      EVENTS_EXCHANGE: EXCHANGE,
      LOG_LEVEL: 'warn',
      REDIS_URL: infrastructure.redisUrl,
      REDIS_KEY_PREFIX: `bench:${suffix}:`,
      RATE_LIMIT_POINTS: '1000000',
      ROUTED_SERVICES: 'verifications',
      VERIFICATIONS_SERVICE_URL: serviceUrl,
    });
    children.push(gateway);
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitReady(gatewayUrl, gateway);
    return {
      baseUrl: gatewayUrl,
      via,
      partnerKey: issued.key,
      partnerId: partner.partner_id,
      processes: [...processes, { name: 'gateway', pid: gateway.pid as number }],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
