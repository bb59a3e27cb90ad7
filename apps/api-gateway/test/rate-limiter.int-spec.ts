import Redis from 'ioredis';
import { register } from 'prom-client';
import { TcpProxy, testInfrastructure, uniqueName } from '@pc/testing';
import { PartnerRateLimiter } from '../src/rate-limit/partner-rate-limiter';
import { createGatewayRedis } from '../src/rate-limit/redis.provider';
import { deleteRedisKeys } from './support/gateway-under-test';

describe('partner rate limiter on Redis', () => {
  const redisUrl = new URL(testInfrastructure.redisUrl);
  const prefix = `${uniqueName('ratelimit')}:`;
  let proxy: TcpProxy;
  let redis: Redis;

  async function failures(): Promise<number> {
    const metric = await register.getSingleMetric('gateway_rate_limit_store_failures_total')?.get();
    return metric?.values[0]?.value ?? 0;
  }

  beforeAll(async () => {
    proxy = await TcpProxy.start(redisUrl.hostname, Number(redisUrl.port || 6379));
    redis = createGatewayRedis(proxy.urlFor(testInfrastructure.redisUrl));
    await new Promise((resolve) => redis.once('ready', resolve));
  });

  afterAll(async () => {
    redis.disconnect();
    await proxy.stop();
    await deleteRedisKeys(testInfrastructure.redisUrl, prefix);
  });

  it('shares one count between replicas', async () => {
    const other = new Redis(testInfrastructure.redisUrl);
    const options = { points: 3, windowSeconds: 60, keyPrefix: prefix };
    const replicaA = new PartnerRateLimiter(redis, options);
    const replicaB = new PartnerRateLimiter(other, options);
    try {
      expect((await replicaA.consume('shared')).remaining).toBe(2);
      expect((await replicaB.consume('shared')).remaining).toBe(1);
      expect((await replicaA.consume('shared')).allowed).toBe(true);
      const limited = await replicaB.consume('shared');
      expect(limited).toMatchObject({ allowed: false, limit: 3, remaining: 0 });
      expect(limited.resetSeconds).toBeGreaterThan(55);
    } finally {
      other.disconnect();
    }
  });

  it('falls back to a per-replica limit, counted in a metric, while Redis is unreachable', async () => {
    const limiter = new PartnerRateLimiter(redis, {
      points: 2,
      windowSeconds: 60,
      keyPrefix: prefix,
    });
    const before = await failures();
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    expect((await limiter.consume('during-outage')).allowed).toBe(true);
    expect((await limiter.consume('during-outage')).allowed).toBe(true);
    expect((await limiter.consume('during-outage')).allowed).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await failures()).toBe(before + 3);

    proxy.restore();
    await new Promise((resolve) => redis.once('ready', resolve));
    expect((await limiter.consume('after-outage')).remaining).toBe(1);
    expect(await failures()).toBe(before + 3);
  });
});
