import type { Options } from 'amqplib';

export type QueueType = 'quorum' | 'classic';

/** Headers the consumer reads and writes on messages it retries or parks. */
export const ConsumerHeader = {
  Attempt: 'x-attempt',
  LastError: 'x-last-error',
  ParkingReason: 'x-parking-reason',
  OriginalRoutingKey: 'x-original-routing-key',
  Consumer: 'x-consumer',
  ParkedAt: 'x-parked-at',
  ReplayedAt: 'x-replayed-at',
} as const;

export interface ConsumerQueueNames {
  main: string;
  parking: string;
  retry: string;
}

/** The delay is part of the retry queue's name: changing it declares a new queue instead of clashing. */
export function consumerQueueNames(queue: string, retryDelayMs: number): ConsumerQueueNames {
  return { main: queue, parking: `${queue}.parking`, retry: `${queue}.retry-${retryDelayMs}ms` };
}

export function durableQueueOptions(type: QueueType): Options.AssertQueue {
  return { durable: true, arguments: { 'x-queue-type': type } };
}

/**
 * Messages wait `retryDelayMs` here, then dead-letter straight back to the main queue through the
 * default exchange (not the topic exchange, so other services' queues do not see the retry).
 */
export function retryQueueOptions(
  type: QueueType,
  mainQueue: string,
  retryDelayMs: number,
): Options.AssertQueue {
  const safeDeadLettering =
    type === 'quorum'
      ? { 'x-dead-letter-strategy': 'at-least-once', 'x-overflow': 'reject-publish' }
      : {};
  return {
    durable: true,
    arguments: {
      'x-queue-type': type,
      'x-message-ttl': retryDelayMs,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': mainQueue,
      ...safeDeadLettering,
    },
  };
}

/** AMQP topic matching: `*` is exactly one word, `#` zero or more. */
export function topicMatches(pattern: string, routingKey: string): boolean {
  const patternWords = pattern.split('.');
  const keyWords = routingKey.split('.');
  const match = (p: number, k: number): boolean => {
    if (p === patternWords.length) return k === keyWords.length;
    const word = patternWords[p];
    if (word === '#') {
      for (let skip = k; skip <= keyWords.length; skip++) if (match(p + 1, skip)) return true;
      return false;
    }
    if (k === keyWords.length) return false;
    return (word === '*' || word === keyWords[k]) && match(p + 1, k + 1);
  };
  return match(0, 0);
}

/** The attempt number carried by a message; a first delivery is attempt 1. */
export function attemptOf(headers: Record<string, unknown> | undefined): number {
  const value = Number(headers?.[ConsumerHeader.Attempt]);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

/** A short, header-safe description of a handler failure (Nest hands errors over as `{status, message}`). */
export function describeFailure(error: unknown): string {
  let text: string;
  if (error instanceof Error) text = error.message;
  else if (typeof error === 'object' && error !== null && 'message' in error)
    text = String(error.message);
  else text = String(error);
  return text.slice(0, 500);
}
