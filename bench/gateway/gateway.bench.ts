import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { signPrincipal } from '@pc/auth';
import { Scope } from '@pc/contracts';
import { createTestDatabase, testInfrastructure, uniqueName, type TestDatabase } from '@pc/testing';
import autocannon from 'autocannon';
import Redis from 'ioredis';
import { apiGatewayDataSourceOptions } from '../../apps/api-gateway/src/api-gateway.datasource';
import { PartnerCommands } from '../../apps/api-gateway/src/cli/partner-commands';
import { processCpu, type CpuSource } from '../support/cpu';
import { pacedGet } from '../support/paced-load';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const SECRET = 'bench-internal-secret-'.repeat(2);
/** BENCH_PROFILE_GATEWAY=1 writes a V8 tick log of the gateway (isolate-*.log) for `node --prof-process`. */
const PROFILE_GATEWAY = process.env.BENCH_PROFILE_GATEWAY === '1';
const PORTS = { gateway: 3901, downstream: 3902, hello: 3903 };
const ITEM_PATH = '/api/v1/bench/items/itm_1';

interface Figures {
  req_per_sec: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
  errors: number;
  /** CPU time each process spent per request during the measured run (microseconds). */
  cpu_us_per_request: Record<string, number>;
}

/** Redis's own account of its CPU time (it runs on this machine). */
function redisCpu(redis: Redis): CpuSource {
  return {
    name: 'redis',
    cpuSeconds: async () => {
      const info = await redis.info('cpu');
      const value = (field: string) =>
        Number(new RegExp(`${field}:([\\d.]+)`).exec(info)?.[1] ?? 0);
      return value('used_cpu_user') + value('used_cpu_sys');
    },
  };
}

function start(script: string, env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (code !== null && code !== 0) console.error(`${script} exited with ${code ?? signal}`);
  });
  return child;
}

async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms`);
}

function cpuPerRequest(
  sources: CpuSource[],
  before: number[],
  after: number[],
  requests: number,
): Record<string, number> {
  return Object.fromEntries(
    sources.map((source, index) => [
      source.name,
      Math.round(((after[index] - before[index]) * 1e6) / Math.max(1, requests)),
    ]),
  );
}

/** Saturated: CONNECTIONS connections, each sending its next request as soon as one is answered. */
async function measure(
  url: string,
  headers: () => Record<string, string>,
  sources: CpuSource[],
): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers: headers() });
  const before = await Promise.all(sources.map((source) => source.cpuSeconds()));
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers: headers(),
  });
  const after = await Promise.all(sources.map((source) => source.cpuSeconds()));
  return {
    req_per_sec: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpu_us_per_request: cpuPerRequest(sources, before, after, result.requests.total),
  };
}

/** At `rate` requests per second, evenly spaced (see pacedGet). */
async function measureAtRate(
  url: string,
  headers: () => Record<string, string>,
  sources: CpuSource[],
  rate: number,
): Promise<Figures> {
  await pacedGet(url, headers(), rate, WARMUP_SECONDS, CONNECTIONS);
  const before = await Promise.all(sources.map((source) => source.cpuSeconds()));
  const result = await pacedGet(url, headers(), rate, DURATION_SECONDS, CONNECTIONS);
  const after = await Promise.all(sources.map((source) => source.cpuSeconds()));
  const { requests, ...figures } = result;
  return { ...figures, cpu_us_per_request: cpuPerRequest(sources, before, after, requests) };
}

async function issueBenchKey(
  database: TestDatabase,
): Promise<{ key: string; partnerId: string; keyId: string }> {
  const dataSource = await new DataSource(
    apiGatewayDataSourceOptions(database.config),
  ).initialize();
  try {
    const commands = PartnerCommands.forDataSource(dataSource, 'test');
    const { partner_id } = await commands.create('Bench Partner');
    await commands.addChannel(partner_id, 'bench');
    const issued = await commands.issueKey(partner_id, [Scope.AccountRead]);
    return { key: issued.key, partnerId: partner_id, keyId: issued.key_id };
  } finally {
    await dataSource.destroy();
  }
}

async function main(): Promise<void> {
  const database = await createTestDatabase('gateway_bench', apiGatewayDataSourceOptions);
  const redisPrefix = `${uniqueName('gateway_bench')}:`;
  const children: ChildProcess[] = [];
  try {
    const { key, partnerId, keyId } = await issueBenchKey(database);
    children.push(
      start(join(__dirname, 'hello-world.js'), { PORT: String(PORTS.hello) }),
      start(join(__dirname, 'bench-downstream.js'), {
        PORT: String(PORTS.downstream),
        LOG_LEVEL,
        INTERNAL_AUTH_SECRET: SECRET,
      }),
      start(
        join(__dirname, '../../apps/api-gateway/src/main.js'),
        {
          PORT: String(PORTS.gateway),
          LOG_LEVEL,
          INTERNAL_AUTH_SECRET: SECRET,
          DATABASE_NAME: database.config.database,
          REDIS_URL: testInfrastructure.redisUrl,
          REDIS_KEY_PREFIX: redisPrefix,
          ROUTED_SERVICES: 'merchant-account',
          MERCHANT_ACCOUNT_SERVICE_URL: `http://127.0.0.1:${PORTS.downstream}`,
          // The limit is far above the load so every request still takes the Redis round trip.
          RATE_LIMIT_POINTS: '1000000000',
        },
        PROFILE_GATEWAY ? ['--prof'] : [],
      ),
    );
    await waitFor(`http://127.0.0.1:${PORTS.hello}/`);
    await waitFor(`http://127.0.0.1:${PORTS.downstream}/health/ready`);
    await waitFor(`http://127.0.0.1:${PORTS.gateway}/health/ready`);

    const [hello, service, gatewayProcess] = children;
    const redis = new Redis(testInfrastructure.redisUrl);
    const helloWorld = await measure(`http://127.0.0.1:${PORTS.hello}/`, () => ({}), [
      processCpu('hello_world', hello.pid as number),
    ]);
    // The direct path carries the principal the gateway would sign (valid 60 s: signed per run).
    const directHeaders = () =>
      signPrincipal(
        { partnerId, channels: ['bench'], scopes: [Scope.AccountRead], keyId, requestId: 'bench' },
        SECRET,
      );
    const gatewayHeaders = () => ({ authorization: `Bearer ${key}` });
    const directUrl = `http://127.0.0.1:${PORTS.downstream}${ITEM_PATH}`;
    const gatewayUrl = `http://127.0.0.1:${PORTS.gateway}${ITEM_PATH}`;
    const gatewaySources = [
      processCpu('gateway', gatewayProcess.pid as number),
      processCpu('service', service.pid as number),
      redisCpu(redis),
    ];
    const direct = await measure(directUrl, directHeaders, [
      processCpu('service', service.pid as number),
    ]);
    const gateway = await measure(gatewayUrl, gatewayHeaders, gatewaySources);
    // Latency at an equal offered load both paths sustain (half the gateway's maximum). The gateway
    // then runs at about two thirds of a core, so its p99 includes queueing in its own thread
    // (docs/performance.md).
    const fixedRate = Math.max(50, Math.round(gateway.req_per_sec / 2));
    const directAtRate = await measureAtRate(
      directUrl,
      directHeaders,
      [processCpu('service', service.pid as number)],
      fixedRate,
    );
    const gatewayAtRate = await measureAtRate(
      gatewayUrl,
      gatewayHeaders,
      gatewaySources,
      fixedRate,
    );
    redis.disconnect();
    const throughputRatio = Number((gateway.req_per_sec / direct.req_per_sec).toFixed(3));
    const addedP99 = Number((gateway.p99_ms - direct.p99_ms).toFixed(2));
    const addedP99AtRate = Number((gatewayAtRate.p99_ms - directAtRate.p99_ms).toFixed(2));
    const report = {
      machine: {
        cpus: cpus().length,
        node: process.version,
        load_average: loadavg().map((load) => Number(load.toFixed(2))),
      },
      settings: {
        connections: CONNECTIONS,
        duration_seconds: DURATION_SECONDS,
        warmup_seconds: WARMUP_SECONDS,
        log_level: LOG_LEVEL,
        fixed_rate_per_sec: fixedRate,
        fixed_rate_method: 'evenly paced, open loop (bench/support/paced-load.ts)',
      },
      saturated: { hello_world: helloWorld, direct, gateway },
      fixed_rate: { direct: directAtRate, gateway: gatewayAtRate },
      comparison: {
        gateway_vs_direct_throughput: throughputRatio,
        gateway_added_p50_ms_saturated: Number((gateway.p50_ms - direct.p50_ms).toFixed(2)),
        gateway_added_p99_ms_saturated: addedP99,
        gateway_added_p50_ms_at_fixed_rate: Number(
          (gatewayAtRate.p50_ms - directAtRate.p50_ms).toFixed(2),
        ),
        gateway_added_p99_ms_at_fixed_rate: addedP99AtRate,
        direct_vs_hello_world_throughput: Number(
          (direct.req_per_sec / helloWorld.req_per_sec).toFixed(3),
        ),
      },
      targets: {
        throughput_at_least_50_percent_of_direct: throughputRatio >= 0.5,
        added_p99_under_5_ms_saturated: addedP99 < 5,
        added_p99_under_5_ms_at_fixed_rate: addedP99AtRate < 5,
      },
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
          ),
      ),
    );
    await database.drop();
    const redis = new Redis(testInfrastructure.redisUrl);
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exitCode = 1;
});
