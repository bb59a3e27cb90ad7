import { Logger } from '@nestjs/common';
import Redis from 'ioredis';

export const GATEWAY_REDIS = Symbol('GATEWAY_REDIS');
const ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * The gateway's Redis client. Commands fail at once while disconnected (no offline queue) and
 * time out quickly, so a Redis outage costs a request milliseconds, not seconds; the client keeps
 * reconnecting in the background.
 */
export function createGatewayRedis(url: string): Redis {
  const logger = new Logger('GatewayRedis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    // Commands issued in the same event-loop turn (concurrent requests) share one socket write.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 0,
    commandTimeout: 250,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let lastErrorAt = 0;
  redis.on('error', (error: Error) => {
    const now = Date.now();
    if (now - lastErrorAt < ERROR_LOG_INTERVAL_MS) return;
    lastErrorAt = now;
    logger.warn(`Redis unavailable: ${error.message}`);
  });
  return redis;
}

export async function isRedisReady(redis: Redis): Promise<boolean> {
  return redis.status === 'ready' && (await redis.ping()) === 'PONG';
}
