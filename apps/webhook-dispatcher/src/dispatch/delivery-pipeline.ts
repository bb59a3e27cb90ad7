import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BrokerConnection } from '@pc/messaging';
import { SecretCipher } from '../endpoints/secret-cipher';
import { AttemptLedger } from './attempt-ledger';
import { AttemptSender } from './attempt-sender';
import { DeliveryDispatcher } from './delivery-dispatcher';
import { DeliveryQueue } from './delivery-queue';
import { DeliveryRetention } from './delivery-retention';
import { DeliverySweeper } from './delivery-sweeper';
import type { DeliveryTicket } from './delivery-ticket';
import { DISPATCH_SETTINGS, type DispatchSettings } from './dispatch-settings';
import { DispatchMetrics } from './dispatch.metrics';
import { RetrySchedule } from './retry-schedule';

const QUEUE_DEPTH_EVERY_MS = 5000;
/** A claimed attempt's lease outlives its timeout by this much before the sweeper may take it over. */
const LEASE_MARGIN_MS = 1000;
const RETENTION_EVERY_MS = 3600 * 1000;

/**
 * The delivery pipeline of this process: queue topology, dispatcher, sweeper and metrics, started
 * with the application and drained on shutdown. Everything that creates deliveries hands them over
 * through `enqueue`, after its transaction committed.
 */
@Injectable()
export class DeliveryPipeline
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  readonly schedule: RetrySchedule;
  readonly queue: DeliveryQueue;
  readonly sweeper: DeliverySweeper;
  readonly retention: DeliveryRetention;
  private readonly logger = new Logger(DeliveryPipeline.name);
  private readonly metrics = new DispatchMetrics();
  private readonly sender: AttemptSender;
  private readonly dispatcher: DeliveryDispatcher;
  private depthTimer: NodeJS.Timeout | null = null;

  constructor(
    dataSource: DataSource,
    broker: BrokerConnection,
    cipher: SecretCipher,
    @Inject(DISPATCH_SETTINGS) private readonly settings: DispatchSettings,
  ) {
    this.schedule = new RetrySchedule(settings.scheduleMs);
    this.queue = new DeliveryQueue(broker, {
      prefix: settings.queuePrefix,
      queueType: settings.queueType,
      retryDelaysMs: this.schedule.retryDelays(),
      prefetch: settings.prefetch,
    });
    this.sender = new AttemptSender({
      timeoutMs: settings.attemptTimeoutMs,
      allowPrivateUrls: settings.allowPrivateUrls,
    });
    const ledger = new AttemptLedger(dataSource, settings.attemptTimeoutMs + LEASE_MARGIN_MS);
    this.dispatcher = new DeliveryDispatcher(
      ledger,
      this.sender,
      this.queue,
      cipher,
      this.schedule,
      this.metrics,
      settings,
    );
    this.sweeper = new DeliverySweeper(dataSource, this.queue, this.metrics, {
      intervalMs: settings.sweepIntervalMs,
      graceMs: settings.sweepGraceMs,
    });
    this.retention = new DeliveryRetention(dataSource, {
      deliveryRetentionMs: settings.deliveryRetentionMs,
      intervalMs: RETENTION_EVERY_MS,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.ready();
    await this.dispatcher.start();
    this.sweeper.start();
    this.retention.start();
    this.depthTimer = setInterval(() => void this.updateQueueDepths(), QUEUE_DEPTH_EVERY_MS);
    this.depthTimer.unref();
  }

  /** Drains while the database is still open (TypeORM closes it in its own shutdown hook). */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.depthTimer) clearInterval(this.depthTimer);
    await this.sweeper.stop();
    await this.retention.stop();
    await this.dispatcher.stop(this.settings.attemptTimeoutMs + LEASE_MARGIN_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.sender.close();
  }

  /** Makes these attempts due now. A failed publish only delays them: the sweeper finds them. */
  enqueue(tickets: DeliveryTicket[]): void {
    if (tickets.length === 0) return;
    this.queue
      .enqueue(tickets)
      .catch((error: Error) =>
        this.logger.warn(
          `${tickets.length} delivery ticket(s) not published, the sweeper will: ${error.message}`,
        ),
      );
  }

  get inFlight(): number {
    return this.dispatcher.inFlight;
  }

  private async updateQueueDepths(): Promise<void> {
    try {
      for (const depth of await this.queue.depths()) {
        this.metrics.queueDepth.set(
          { queue: depth.queue, delay_ms: String(depth.delayMs) },
          depth.messages,
        );
      }
    } catch (error) {
      this.logger.debug(`queue depth not read: ${(error as Error).message}`);
    }
  }
}
