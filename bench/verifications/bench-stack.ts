import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
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

function startProcess(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [resolve(__dirname, entry)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

export interface BenchStack {
  /** Base URL the load goes to: the gateway, or the service itself in direct mode. */
  baseUrl: string;
  /** Headers that authenticate one request (a partner key, or a freshly signed principal). */
  via: 'gateway' | 'direct';
  partnerKey: string | null;
  partnerId: string;
  stop(): Promise<void>;
}

/** Fresh databases and exchange, the service (and the gateway in front of it) as child processes. */
export async function startStack(via: 'gateway' | 'direct', poolSize: number): Promise<BenchStack> {
  const sessionsDb = database('bench_pc_verifications');
  await migrate(sessionsDb, verificationSessionsDataSourceOptions(sessionsDb));
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
    if (via === 'direct')
      return { baseUrl: serviceUrl, via, partnerKey: null, partnerId: `prt_bench_${suffix}`, stop };

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
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
