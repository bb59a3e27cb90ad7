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
  resolveRelayOptions,
  type MessagingOptions,
  type ResolvedRelayOptions,
} from '../messaging.options';
import { backoffDelay, WakeSignal } from './backoff';
import { OutboxPublisher } from './outbox-publisher';
import { dedicatedClientConfig, RelayConnection, type OutboxRow } from './relay-connection';

/**
 * Batches in flight at once. With one, an event committed just after a claim waited for that whole
 * batch (claim, publish, confirms, commit) before its own could start; a second lane claims it at
 * once, and SKIP LOCKED keeps the lanes' batches apart exactly as it does for separate relays.
 */
const LANES = 2;

/**
 * Moves committed outbox rows to the broker: claims a batch with `FOR UPDATE SKIP LOCKED` (so any
 * number of relays and lanes share the table), publishes each as a persistent message with publisher
 * confirms, and commits the claim. Woken by this process's `OutboxPublisher` when its rows commit;
 * the poll picks up rows other processes left behind. At-least-once: a crash between confirm and
 * commit re-sends the batch, which the consumers' inbox absorbs. Each lane has a connection of its
 * own: it does not queue behind requests for the app's pool.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly relay: ResolvedRelayOptions;
  private readonly wakeup = new WakeSignal();
  private readonly brokerBack = new WakeSignal();
  private channel: ChannelWrapper | null = null;
  private unsubscribeBroker: (() => void) | null = null;
  private unsubscribeCommits: (() => void) | null = null;
  private lanes: Promise<void>[] = [];
  private running = false;

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingOptions,
    private readonly broker: BrokerConnection,
    private readonly publisher: OutboxPublisher,
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
      this.brokerBack.notifyAll();
      this.wakeup.notifyAll();
    });
    this.unsubscribeCommits = this.publisher.onCommitted(() => this.wakeup.notify());
    const config = dedicatedClientConfig(this.dataSource, 'outbox-relay');
    this.lanes = Array.from({ length: LANES }, () => this.run(new RelayConnection(config)));
  }

  /** Stops claiming new batches and lets the batches in flight finish. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.unsubscribeCommits?.();
    this.wakeup.notifyAll();
    this.brokerBack.notifyAll();
    await Promise.all(this.lanes);
    this.unsubscribeBroker?.();
    await this.channel?.close().catch(() => undefined);
    this.channel = null;
  }

  private async run(connection: RelayConnection): Promise<void> {
    let failures = 0;
    while (this.running) {
      if (!this.broker.isConnected()) {
        // Rows stay unsent; the broker's reconnect wakes us.
        await this.wakeup.wait(this.relay.pollIntervalMs);
        continue;
      }
      try {
        const relayed = await this.relayBatch(connection);
        failures = 0;
        if (relayed === this.relay.batchSize) continue;
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
    await connection.close();
  }

  /**
   * One batch in two round trips: the claim deletes the rows inside a transaction that keeps
   * them locked, and only commits once the broker confirmed every message; any failure rolls the
   * claim back, so the rows stay unsent. Returns how many events it sent.
   */
  private async relayBatch(connection: RelayConnection): Promise<number> {
    const rows = await connection.claim(this.relay.batchSize);
    if (rows.length === 0) {
      await connection.finish('COMMIT');
      return 0;
    }
    try {
      await this.publishAll(rows);
      await connection.finish('COMMIT');
    } catch (error) {
      // A failed ROLLBACK dropped the connection, which ends the transaction just the same.
      await connection.finish('ROLLBACK').catch(() => undefined);
      await this.recordFailure(
        (this.dataSource as DataSource).manager,
        rows.map((row) => row.id),
        error as Error,
      );
      throw error;
    }
    return rows.length;
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
        `UPDATE outbox_events SET attempts = attempts + 1, last_error = $2 WHERE id = ANY($1::text[])`,
        [ids, error.message.slice(0, 1000)],
      )
      .catch((recordError: Error) =>
        this.logger.warn(`could not record outbox failure: ${recordError.message}`),
      );
  }
}
