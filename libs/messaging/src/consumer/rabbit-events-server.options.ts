import type { DataSource } from 'typeorm';
import type { QueueType } from './consumer-topology';

export interface RabbitEventsServerOptions {
  url: string;
  /** The domain-event exchange (declared if missing). */
  exchange: string;
  /** This consumer's durable queue; `<queue>.parking` and a retry queue are derived from it. */
  queue: string;
  /** Key of this consumer in the inbox table: one row per (consumer, event id). */
  consumerName: string;
  dataSource: DataSource;
  /** Messages handled concurrently. Default 20; keep it within the DB pool size. */
  prefetch?: number;
  /** Handler failures before the message is parked. Default 5. */
  maxAttempts?: number;
  /** Pause before a failed message is handled again. Default 5000 ms. */
  retryDelayMs?: number;
  /** Event types this service must handle; start-up fails if one has no `@EventPattern` handler. */
  expectedEventTypes?: string[];
  /** Default `quorum` (replicated on a cluster); `classic` for brokers without quorum queues. */
  queueType?: QueueType;
  heartbeatSeconds?: number;
  reconnectSeconds?: number;
  /** How long `listen` waits for the broker before starting anyway (consuming begins on connect). Default 10 s. */
  connectTimeoutMs?: number;
  /**
   * How long a handled event's inbox row is kept to recognise its redeliveries; older rows of this
   * consumer are purged at start and hourly. Default 14 days.
   */
  inboxRetentionMs?: number;
}

/** Events observable with `server.on(...)`. */
export type RabbitEventsServerEvents = {
  connect: () => void;
  disconnect: () => void;
};

export type RabbitEventsServerStatus = 'connected' | 'disconnected';
