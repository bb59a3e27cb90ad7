import type { ConsumeMessage, Message, Options } from 'amqplib';
import { ConsumerHeader } from './consumer-topology';

/** How long a retry or parking publish may wait for the broker's confirm. */
const CONFIRM_TIMEOUT_MS = 10_000;

export interface Republication {
  content: Buffer;
  /** amqplib publish options plus amqp-connection-manager's confirm `timeout`. */
  options: Options.Publish & { timeout: number };
}

/** The message again, for the retry queue: same body and identity, next attempt number and last error. */
export function retryPublication(
  message: ConsumeMessage,
  attempt: number,
  reason: string,
): Republication {
  return republish(message, {
    [ConsumerHeader.Attempt]: attempt,
    [ConsumerHeader.LastError]: reason,
  });
}

/** The message again, for the parking queue, saying why it was parked and where it came from. */
export function parkingPublication(
  message: ConsumeMessage,
  reason: string,
  consumer: string,
  at: Date = new Date(),
): Republication {
  return republish(message, {
    [ConsumerHeader.ParkingReason]: reason,
    [ConsumerHeader.Consumer]: consumer,
    [ConsumerHeader.ParkedAt]: at.toISOString(),
  });
}

/** What makes a message the same message when it is published again: its identity, persisted. */
export function sameMessageOptions(message: Message): Options.Publish {
  const { messageId, type, contentType, appId, timestamp } = message.properties;
  return { persistent: true, messageId, type, contentType, appId, timestamp };
}

function republish(message: ConsumeMessage, extraHeaders: Record<string, unknown>): Republication {
  // RabbitMQ's own dead-letter history (x-death) is not ours to copy.
  const headers: Record<string, unknown> = { ...message.properties.headers };
  delete headers['x-death'];
  return {
    content: message.content,
    options: {
      ...sameMessageOptions(message),
      timeout: CONFIRM_TIMEOUT_MS,
      headers: {
        ...headers,
        [ConsumerHeader.OriginalRoutingKey]: originalRoutingKey(message),
        ...extraHeaders,
      },
    },
  };
}

/** The event's routing key, kept across retries (which arrive through the default exchange). */
function originalRoutingKey(message: ConsumeMessage): string {
  const carried = message.properties.headers?.[ConsumerHeader.OriginalRoutingKey];
  return typeof carried === 'string' ? carried : message.fields.routingKey;
}
