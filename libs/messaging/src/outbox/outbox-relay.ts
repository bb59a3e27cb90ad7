import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { ChannelWrapper } from 'amqp-connection-manager';
import { DataSource, type EntityManager } from 'typeorm';
import { BrokerConnection } from '../broker-connection';
import {
  MESSAGING_OPTIONS,
  OUTBOX_NOTIFY_CHANNEL,
  resolveRelayOptions,
  type MessagingOptions,
  type ResolvedRelayOptions,
} from '../messaging.options';
import { backoffDelay, WakeSignal } from './backoff';
import { listenClientConfig, OutboxNotificationListener } from './outbox-listener';

interface OutboxRow {
  id: string;
  type: string;
  routing_key: string;
  body: string;
}

const PURGE_EVERY_MS = 10 * 60 * 1000;
const PURGE_BATCH = 10_000;

/**
 * Moves committed outbox rows to the broker: claims a batch with `FOR UPDATE SKIP LOCKED` (so any
 * number of relays share the table), publishes each as a persistent message with publisher confirms,
 * marks the batch sent and commits. Woken by NOTIFY; polling is only a safety net. At-least-once:
 * a crash between confirm and commit re-sends the batch, which the consumers' inbox absorbs.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly relay: ResolvedRelayOptions;
  private readonly wakeup = new WakeSignal();
  private readonly brokerBack = new WakeSignal();
  private channel: ChannelWrapper | null = null;
  private listener: OutboxNotificationListener | null = null;
  private unsubscribeBroker: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private running = false;
  private lastPurgeAt = 0;

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly broker: BrokerConnection,
    @Optional() private readonly dataSource?: DataSource,
  ) {
    this.relay = resolveRelayOptions(options.relay);
  }

  onApplicationBootstrap(): void {
    if (this.relay.enabled) this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.running) return;
    if (!this.dataSource)
      throw new Error('OutboxRelay needs the TypeORM DataSource of the service');
    this.running = true;
    this.channel = this.broker.createChannel(undefined, 'outbox-relay');
    this.unsubscribeBroker = this.broker.onStateChange((connected) => {
      if (!connected) return;
      this.brokerBack.notify();
      this.wakeup.notify();
    });
    this.listener = new OutboxNotificationListener(
      listenClientConfig(this.dataSource),
      OUTBOX_NOTIFY_CHANNEL,
      () => this.wakeup.notify(),
      this.logger,
      this.relay.maxBackoffMs,
    );
    this.listener.start();
    this.loop = this.run();
  }

  /** Stops claiming new batches, lets the batch in flight finish, then closes the LISTEN connection. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wakeup.notify();
    this.brokerBack.notify();
    await this.loop;
    this.unsubscribeBroker?.();
    await this.listener?.stop();
    await this.channel?.close().catch(() => undefined);
    this.channel = null;
  }

  /** Whether the LISTEN connection is up (the relay still works, more slowly, by polling without it). */
  isListening(): boolean {
    return this.listener?.isListening() ?? false;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      if (!this.broker.isConnected()) {
        // Rows stay unsent; the broker's reconnect wakes us.
        await this.wakeup.wait(this.relay.pollIntervalMs);
        continue;
      }
      try {
        const relayed = await this.relayBatch();
        failures = 0;
        if (relayed === this.relay.batchSize) continue;
        await this.purgeSent();
      } catch (error) {
        failures++;
        const delay = backoffDelay(failures, 250, this.relay.maxBackoffMs);
        this.logger.warn(
          `outbox relay failed (${(error as Error).message}), retrying in ${delay} ms`,
        );
        await this.brokerBack.wait(delay);
        continue;
      }
      await this.wakeup.wait(this.relay.pollIntervalMs);
    }
  }

  /** One claim-publish-mark transaction; returns how many events it sent. */
  private async relayBatch(): Promise<number> {
    const dataSource = this.dataSource as DataSource;
    let claimed: string[] = [];
    try {
      return await dataSource.transaction(async (manager) => {
        const rows: OutboxRow[] = await manager.query(
          `SELECT id, type, routing_key, payload::text AS body FROM outbox_events
           WHERE sent_at IS NULL ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [this.relay.batchSize],
        );
        if (rows.length === 0) return 0;
        claimed = rows.map((row) => row.id);
        await this.publishAll(rows);
        await manager.query(
          `UPDATE outbox_events SET sent_at = now(), attempts = attempts + 1, last_error = NULL
           WHERE id = ANY($1::text[])`,
          [claimed],
        );
        return rows.length;
      });
    } catch (error) {
      if (claimed.length > 0) await this.recordFailure(dataSource.manager, claimed, error as Error);
      throw error;
    }
  }

  private async publishAll(rows: OutboxRow[]): Promise<void> {
    const channel = this.channel as ChannelWrapper;
    const timestamp = Math.floor(Date.now() / 1000);
    await Promise.all(
      rows.map((row) =>
        channel.publish(this.broker.exchange, row.routing_key, Buffer.from(row.body), {
          persistent: true,
          messageId: row.id,
          type: row.type,
          contentType: 'application/json',
          appId: this.options.serviceName,
          timestamp,
          timeout: this.relay.publishTimeoutMs,
        }),
      ),
    );
  }

  private async recordFailure(manager: EntityManager, ids: string[], error: Error): Promise<void> {
    await manager
      .query(
        `UPDATE outbox_events SET attempts = attempts + 1, last_error = $2
         WHERE id = ANY($1::text[]) AND sent_at IS NULL`,
        [ids, error.message.slice(0, 1000)],
      )
      .catch((recordError: Error) =>
        this.logger.warn(`could not record outbox failure: ${recordError.message}`),
      );
  }

  /** Sent rows are history only; trim them now and then, a bounded chunk at a time. */
  private async purgeSent(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurgeAt < PURGE_EVERY_MS) return;
    this.lastPurgeAt = now;
    const dataSource = this.dataSource as DataSource;
    await dataSource.query(
      `DELETE FROM outbox_events WHERE id IN (
         SELECT id FROM outbox_events WHERE sent_at < now() - make_interval(secs => $1) LIMIT $2)`,
      [this.relay.retainSentMs / 1000, PURGE_BATCH],
    );
  }
}
