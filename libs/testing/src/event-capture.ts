import { connect, type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import { parseDomainEvent, type DomainEvent } from '@pc/contracts';

export interface CapturedMessage {
  event: DomainEvent;
  routingKey: string;
  properties: ConsumeMessage['properties'];
  /** When it arrived (ms since the epoch). */
  receivedAt: number;
}

interface Waiter {
  predicate: (event: DomainEvent) => boolean;
  resolve: (event: DomainEvent) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Observes domain events on RabbitMQ for a test: an exclusive, auto-deleted queue bound to the
 * exchange, recording every event that arrives.
 */
export class EventCapture {
  /** Every domain event received, in arrival order. */
  readonly events: DomainEvent[] = [];
  /** The same, with routing key and AMQP properties (message id, type, headers). */
  readonly messages: CapturedMessage[] = [];
  /** Bodies that were not domain events. */
  readonly malformed: Buffer[] = [];
  private waiters: Waiter[] = [];

  private constructor(
    private readonly connection: ChannelModel,
    private readonly channel: Channel,
  ) {}

  /** Binds a fresh queue to `exchange` (declared durable topic if missing) with `routingPattern`. */
  static async start(url: string, exchange: string, routingPattern = '#'): Promise<EventCapture> {
    const connection = await connect(url);
    const channel = await connection.createChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    await channel.bindQueue(queue, exchange, routingPattern);
    const capture = new EventCapture(connection, channel);
    await channel.consume(queue, (message) => message && capture.record(message), { noAck: true });
    return capture;
  }

  /** Resolves with the first event (already received or still to come) matching `predicate`. */
  waitFor(predicate: (event: DomainEvent) => boolean, timeoutMs = 10_000): Promise<DomainEvent> {
    const seen = this.events.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((candidate) => candidate !== waiter);
        reject(
          new Error(`no matching event within ${timeoutMs} ms (${this.events.length} received)`),
        );
      }, timeoutMs);
      const waiter: Waiter = { predicate, resolve, reject, timer };
      this.waiters.push(waiter);
    });
  }

  /** How many received events match `predicate` (all of them without one). */
  count(predicate: (event: DomainEvent) => boolean = () => true): number {
    return this.events.filter(predicate).length;
  }

  async stop(): Promise<void> {
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error('event capture stopped'));
    }
    this.waiters = [];
    await this.channel.close().catch(() => undefined);
    await this.connection.close().catch(() => undefined);
  }

  private record(message: ConsumeMessage): void {
    let parsed: ReturnType<typeof parseDomainEvent>;
    try {
      parsed = parseDomainEvent(JSON.parse(message.content.toString('utf8')));
    } catch {
      parsed = { error: 'not JSON' };
    }
    if ('error' in parsed) {
      this.malformed.push(message.content);
      return;
    }
    const { event } = parsed;
    this.events.push(event);
    this.messages.push({
      event,
      routingKey: message.fields.routingKey,
      properties: message.properties,
      receivedAt: Date.now(),
    });
    const matched = this.waiters.filter((waiter) => waiter.predicate(event));
    this.waiters = this.waiters.filter((waiter) => !matched.includes(waiter));
    for (const waiter of matched) {
      clearTimeout(waiter.timer);
      waiter.resolve(event);
    }
  }
}
