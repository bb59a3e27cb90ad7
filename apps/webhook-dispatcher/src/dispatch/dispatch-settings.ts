import type { QueueType } from '@pc/messaging';
import type { WebhookDispatcherEnv } from '../config/webhook-dispatcher.env';

/** What the delivery pipeline needs from the configuration, in the units it works in. */
export interface DispatchSettings {
  /** Delay before each attempt in ms; `[0]` is the first attempt, the length is the attempt count. */
  scheduleMs: number[];
  attemptTimeoutMs: number;
  endpointConcurrency: number;
  /** Deliveries waiting locally for a busy endpoint before further ones are left to the sweeper. */
  endpointBacklog: number;
  maxInFlight: number;
  prefetch: number;
  queuePrefix: string;
  queueType: QueueType;
  sweepIntervalMs: number;
  sweepGraceMs: number;
  deliveryRetentionMs: number;
  allowPrivateUrls: boolean;
}

export const DISPATCH_SETTINGS = Symbol('DISPATCH_SETTINGS');

export const DAY_MS = 24 * 3600 * 1000;

export function parseSchedule(text: string): number[] {
  const schedule = text.split(',').map((part) => Number(part.trim()));
  if (schedule.length === 0 || schedule.some((delay) => !Number.isInteger(delay) || delay < 0)) {
    throw new Error(
      `invalid retry schedule "${text}": comma-separated non-negative integers (ms) expected`,
    );
  }
  return schedule;
}

export function dispatchSettingsOf(env: WebhookDispatcherEnv): DispatchSettings {
  return {
    scheduleMs: parseSchedule(env.WEBHOOK_RETRY_SCHEDULE_MS),
    attemptTimeoutMs: env.WEBHOOK_ATTEMPT_TIMEOUT_MS,
    endpointConcurrency: env.WEBHOOK_ENDPOINT_CONCURRENCY,
    endpointBacklog: env.WEBHOOK_ENDPOINT_CONCURRENCY * 4,
    maxInFlight: env.WEBHOOK_MAX_IN_FLIGHT,
    prefetch: env.WEBHOOK_PREFETCH,
    queuePrefix: env.WEBHOOK_QUEUE_PREFIX,
    queueType: env.WEBHOOK_QUEUE_TYPE,
    sweepIntervalMs: env.WEBHOOK_SWEEP_INTERVAL_MS,
    sweepGraceMs: env.WEBHOOK_SWEEP_GRACE_MS,
    deliveryRetentionMs: env.WEBHOOK_DELIVERY_RETENTION_DAYS * DAY_MS,
    allowPrivateUrls: env.WEBHOOK_ALLOW_PRIVATE_URLS,
  };
}
