/** Configuration of the messaging module, built from the app's validated config. */
export interface MessagingOptions {
  /** AMQP URL of the broker, e.g. `amqp://guest:guest@127.0.0.1:5672`. */
  url: string;
  /** The durable topic exchange every domain event is published to. */
  exchange: string;
  /** Names this process's broker connection (shown in the RabbitMQ management UI). */
  serviceName: string;
  relay?: OutboxRelayOptions;
  /** Heartbeat towards the broker; a dead peer is noticed within about twice this. Default 5 s. */
  heartbeatSeconds?: number;
  /** Pause between reconnect attempts after the broker went away. Default 1 s. */
  reconnectSeconds?: number;
}

export interface OutboxRelayOptions {
  /** Run the relay in this process. Default true. */
  enabled?: boolean;
  /**
   * Poll for rows nobody announced (another process's, left behind when it stopped); rows written
   * through this process's `OutboxPublisher` wake the relay at once. Default 1000 ms.
   */
  pollIntervalMs?: number;
  /** Rows claimed, published and marked sent per transaction. Default 500. */
  batchSize?: number;
  /** How long one publish may wait for the broker's confirm before the batch is rolled back. Default 10 s. */
  publishTimeoutMs?: number;
  /** Longest pause between retries while the broker or database keeps failing. Default 30 s. */
  maxBackoffMs?: number;
}

export const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');

export type ResolvedRelayOptions = Required<OutboxRelayOptions>;

export function resolveRelayOptions(options: OutboxRelayOptions = {}): ResolvedRelayOptions {
  return {
    enabled: options.enabled ?? true,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    batchSize: options.batchSize ?? 500,
    publishTimeoutMs: options.publishTimeoutMs ?? 10_000,
    maxBackoffMs: options.maxBackoffMs ?? 30_000,
  };
}
