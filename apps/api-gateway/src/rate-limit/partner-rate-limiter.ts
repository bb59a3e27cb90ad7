import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { Counter, register } from 'prom-client';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitOptions {
  /** Requests one key may make per window. */
  points: number;
  windowSeconds: number;
  keyPrefix: string;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1 when limited). */
  resetSeconds: number;
}

const FALLBACK_WARNING_INTERVAL_MS = 10_000;

function storeFailuresCounter(): Counter {
  const name = 'gateway_rate_limit_store_failures_total';
  return (
    (register.getSingleMetric(name) as Counter | undefined) ??
    new Counter({
      name,
      help: 'Rate-limit decisions taken by the per-replica in-memory fallback because Redis failed.',
    })
  );
}

/**
 * Per-key fixed-window rate limit, counted in Redis so every gateway replica shares it.
 *
 * When Redis fails, the decision falls back to an in-memory limiter with the same limits in this
 * replica (logged, at most every 10 s, and counted in `gateway_rate_limit_store_failures_total`):
 * partners keep being served — a cache outage must not take the whole API down — while each
 * replica still caps a key at the configured rate, so the worst case is N replicas × the limit.
 */
export class PartnerRateLimiter {
  private readonly logger = new Logger(PartnerRateLimiter.name);
  private readonly shared: RateLimiterRedis;
  private readonly fallback: RateLimiterMemory;
  private readonly failures = storeFailuresCounter();
  private lastWarningAt = 0;

  constructor(
    redis: Redis,
    private readonly options: RateLimitOptions,
  ) {
    const limits = {
      points: options.points,
      duration: options.windowSeconds,
      keyPrefix: `${options.keyPrefix}rl`,
    };
    // A key already over its limit is refused from memory until its window ends: no Redis call.
    this.shared = new RateLimiterRedis({
      ...limits,
      storeClient: redis,
      inMemoryBlockOnConsumed: options.points + 1,
    });
    this.fallback = new RateLimiterMemory(limits);
  }

  async consume(keyId: string): Promise<RateLimitDecision> {
    try {
      return this.decisionOf(await this.shared.consume(keyId), true);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return this.decisionOf(outcome, false);
      this.recordStoreFailure(outcome as Error);
      try {
        return this.decisionOf(await this.fallback.consume(keyId), true);
      } catch (fallbackOutcome) {
        if (fallbackOutcome instanceof RateLimiterRes)
          return this.decisionOf(fallbackOutcome, false);
        throw fallbackOutcome;
      }
    }
  }

  private decisionOf(result: RateLimiterRes, allowed: boolean): RateLimitDecision {
    return {
      allowed,
      limit: this.options.points,
      remaining: Math.max(0, result.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
    };
  }

  private recordStoreFailure(error: Error): void {
    this.failures.inc();
    const now = Date.now();
    if (now - this.lastWarningAt < FALLBACK_WARNING_INTERVAL_MS) return;
    this.lastWarningAt = now;
    this.logger.warn(
      `Redis rate-limit store failed (${error.message}); using the in-memory limit of this replica`,
    );
  }
}
