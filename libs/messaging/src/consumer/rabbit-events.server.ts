import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import { Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import type { ChannelWrapper } from 'amqp-connection-manager';
import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import { lastValueFrom } from 'rxjs';
import { parseDomainEvent, type DomainEvent } from '@pc/contracts';
import { PeriodicJob } from '@pc/persistence';
import { BrokerConnection } from '../broker-connection';
import {
  attemptOf,
  consumerQueueNames,
  describeFailure,
  durableQueueOptions,
  retryQueueOptions,
  topicMatches,
  type ConsumerQueueNames,
} from './consumer-topology';
import { EventContext } from './event-context';
import { purgeInbox } from './inbox-retention';
import { parkingPublication, retryPublication } from './republication';
import type {
  RabbitEventsServerEvents,
  RabbitEventsServerOptions,
  RabbitEventsServerStatus,
} from './rabbit-events-server.options';

type Outcome = 'handled' | 'duplicate';

/** The inbox could not be reached: not the handler's fault, so it does not count as an attempt. */
class InboxUnavailable extends Error {}

/** Resolves `true` if `promise` settles within `ms`, `false` otherwise (the promise keeps running). */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, ms, false)));
  return Promise.race([promise.then(() => true), timeout]).finally(() => clearTimeout(timer));
}

const DEFAULT_INBOX_RETENTION_MS = 14 * 24 * 3600 * 1000;
const INBOX_PURGE_EVERY_MS = 3600 * 1000;

/**
 * Nest custom transport that feeds domain events from RabbitMQ to `@EventPattern` handlers.
 * Idempotent: the handler runs in one transaction with an inbox insert and the message is acked only
 * after commit. Unparseable or unhandled messages, and those failing `maxAttempts` times, are parked
 * with the reason; other failures wait in a TTL retry queue, so nothing spins in a hot loop.
 */
export class RabbitEventsServer
  extends Server<RabbitEventsServerEvents, RabbitEventsServerStatus>
  implements CustomTransportStrategy
{
  override readonly propagatesEventHandlerErrors = true;
  private readonly log = new Logger(RabbitEventsServer.name);
  private readonly events = new EventEmitter();
  private readonly queues: ConsumerQueueNames;
  private readonly inFlight = new Set<Promise<void>>();
  private connection: BrokerConnection | null = null;
  private channel: ChannelWrapper | null = null;
  /** Bumped on every (re)opened channel: delivery tags of an older channel must not be acked. */
  private channelGeneration = 0;
  private setupError: Error | null = null;
  private closing = false;
  private inboxRetention: PeriodicJob | null = null;

  constructor(private readonly options: RabbitEventsServerOptions) {
    super();
    this.queues = consumerQueueNames(options.queue, this.retryDelayMs);
  }

  private get retryDelayMs(): number {
    return this.options.retryDelayMs ?? 5000;
  }

  /** Keeps the inbox bounded: this consumer's rows past retention go, at start and every hour. */
  private startInboxRetention(): void {
    const retentionMs = this.options.inboxRetentionMs ?? DEFAULT_INBOX_RETENTION_MS;
    const purge = async () => {
      const purged = await purgeInbox(
        this.options.dataSource,
        this.options.consumerName,
        retentionMs,
      );
      if (purged > 0) this.log.log(`purged ${purged} inbox rows past retention`);
    };
    this.inboxRetention = new PeriodicJob('inbox purge', purge, this.log, {
      intervalMs: INBOX_PURGE_EVERY_MS,
      runAtStart: true,
    });
    this.inboxRetention.start();
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      await this.start();
      callback();
    } catch (error) {
      await this.close();
      callback(error);
    }
  }

  on<K extends keyof RabbitEventsServerEvents>(
    event: K,
    callback: RabbitEventsServerEvents[K],
  ): void {
    this.events.on(event, callback);
  }

  unwrap<T>(): T {
    if (!this.connection) throw new Error('RabbitEventsServer is not listening');
    return this.connection.unwrap() as T;
  }

  /** Stops consuming, waits for the messages in flight to commit and ack, then disconnects. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    await this.inboxRetention?.stop();
    await this.channel?.cancelAll().catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
    await this.channel?.close().catch(() => undefined);
    await this.connection?.close();
    this._status$.next('disconnected');
  }

  private async start(): Promise<void> {
    const patterns = this.eventPatterns();
    this.assertExpectedHandlers(patterns);
    const { options } = this;
    this.connection = new BrokerConnection({
      url: options.url,
      exchange: options.exchange,
      serviceName: options.consumerName,
      heartbeatSeconds: options.heartbeatSeconds,
      reconnectSeconds: options.reconnectSeconds,
    });
    this.connection.onStateChange((connected) => {
      this._status$.next(connected ? 'connected' : 'disconnected');
      this.events.emit(connected ? 'connect' : 'disconnect');
    });
    this.channel = this.connection.createChannel(
      (channel) => this.declareTopology(channel, patterns),
      options.queue,
    );
    const firstSetup = this.channel.waitForConnect();
    await this.channel.consume(options.queue, (message) => this.onMessage(message), {
      prefetch: options.prefetch ?? 20,
    });
    this.startInboxRetention();
    const connected = await settlesWithin(firstSetup, options.connectTimeoutMs ?? 10_000);
    if (this.setupError) throw this.setupError;
    if (!connected)
      this.log.warn(`broker not reachable yet; ${options.queue} starts consuming once it is`);
  }

  private eventPatterns(): string[] {
    const patterns: string[] = [];
    for (const [pattern, handler] of this.messageHandlers) {
      if (!handler.isEventHandler) {
        throw new Error(
          `RabbitEventsServer handles @EventPattern only; @MessagePattern('${pattern}') is not supported`,
        );
      }
      patterns.push(pattern);
    }
    return patterns;
  }

  private assertExpectedHandlers(patterns: string[]): void {
    const missing = (this.options.expectedEventTypes ?? []).filter(
      (type) => !patterns.some((pattern) => topicMatches(pattern, type)),
    );
    if (missing.length > 0) {
      throw new Error(
        `consumer ${this.options.consumerName} (queue ${this.options.queue}) has no @EventPattern handler ` +
          `for expected event type(s): ${missing.join(', ')}`,
      );
    }
  }

  private async declareTopology(channel: ConfirmChannel, patterns: string[]): Promise<void> {
    const type = this.options.queueType ?? 'quorum';
    try {
      await channel.assertQueue(this.queues.main, durableQueueOptions(type));
      await channel.assertQueue(this.queues.parking, durableQueueOptions(type));
      await channel.assertQueue(
        this.queues.retry,
        retryQueueOptions(type, this.queues.main, this.retryDelayMs),
      );
      for (const pattern of patterns)
        await channel.bindQueue(this.queues.main, this.options.exchange, pattern);
      this.setupError = null;
      this.channelGeneration++;
    } catch (error) {
      this.setupError = error as Error;
      throw error;
    }
  }

  private onMessage(message: ConsumeMessage): void {
    // Not acked: the broker hands it to another consumer (or to us after restart).
    if (this.closing) return;
    const generation = this.channelGeneration;
    const work = this.handleMessage(message, generation)
      .catch((error: Error) =>
        this.log.error(`message ${message.properties.messageId} not settled: ${error.message}`),
      )
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  private async handleMessage(message: ConsumeMessage, generation: number): Promise<void> {
    let raw: unknown;
    try {
      raw = JSON.parse(message.content.toString('utf8'));
    } catch {
      return this.park(message, generation, 'malformed: body is not JSON');
    }
    const parsed = parseDomainEvent(raw);
    if ('error' in parsed) return this.park(message, generation, `malformed: ${parsed.error}`);
    const { event } = parsed;
    const handler = this.handlerFor(event.type);
    if (!handler) return this.park(message, generation, `no handler for event type ${event.type}`);

    const attempt = attemptOf(message.properties.headers);
    try {
      const outcome = await this.runInInbox(event, message, attempt, handler);
      if (outcome === 'duplicate') this.log.debug(`event ${event.id} already handled, skipped`);
      this.ack(message, generation);
    } catch (error) {
      const reason = describeFailure(error);
      if (error instanceof InboxUnavailable)
        return this.retry(message, generation, attempt, reason);
      this.log.warn(`event ${event.id} (${event.type}) failed on attempt ${attempt}: ${reason}`);
      if (attempt >= (this.options.maxAttempts ?? 5)) {
        return this.park(
          message,
          generation,
          `handler failed after ${attempt} attempts: ${reason}`,
        );
      }
      return this.retry(message, generation, attempt + 1, reason);
    }
  }

  private handlerFor(type: string): MessageHandler | null {
    const exact = this.messageHandlers.get(type);
    if (exact) return exact;
    for (const [pattern, handler] of this.messageHandlers)
      if (topicMatches(pattern, type)) return handler;
    return null;
  }

  private async runInInbox(
    event: DomainEvent,
    message: ConsumeMessage,
    attempt: number,
    handler: MessageHandler,
  ): Promise<Outcome> {
    let handlerStarted = false;
    try {
      return await this.options.dataSource.transaction(async (manager) => {
        const inserted: unknown[] = await manager.query(
          `INSERT INTO inbox_events (consumer, event_id) VALUES ($1, $2)
           ON CONFLICT DO NOTHING RETURNING event_id`,
          [this.options.consumerName, event.id],
        );
        if (inserted.length === 0) return 'duplicate';
        handlerStarted = true;
        const context = new EventContext([event, manager, message, attempt]);
        const result = await handler(event, context);
        await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
        return 'handled';
      });
    } catch (error) {
      throw handlerStarted ? error : new InboxUnavailable(describeFailure(error));
    }
  }

  private async retry(
    message: ConsumeMessage,
    generation: number,
    attempt: number,
    reason: string,
  ): Promise<void> {
    const { content, options } = retryPublication(message, attempt, reason);
    await this.channelOrThrow().sendToQueue(this.queues.retry, content, options);
    this.ack(message, generation);
  }

  private async park(message: ConsumeMessage, generation: number, reason: string): Promise<void> {
    this.log.error(
      `parking message ${message.properties.messageId ?? '(no id)'} from ${this.queues.main}: ${reason}`,
    );
    const { content, options } = parkingPublication(message, reason, this.options.consumerName);
    await this.channelOrThrow().sendToQueue(this.queues.parking, content, options);
    this.ack(message, generation);
  }

  private ack(message: ConsumeMessage, generation: number): void {
    // After a reconnect the broker has already requeued this delivery; acking its stale tag on the new
    // channel would close that channel. The redelivery is absorbed by the inbox instead.
    if (generation !== this.channelGeneration) return;
    this.channel?.ack(message);
  }

  private channelOrThrow(): ChannelWrapper {
    if (!this.channel) throw new Error('RabbitEventsServer is not listening');
    return this.channel;
  }
}
