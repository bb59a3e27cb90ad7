import { Logger } from '@nestjs/common';
import type { ChannelWrapper } from 'amqp-connection-manager';
import type { ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import type { BrokerConnection, QueueType } from '@pc/messaging';
import { decodeTicket, encodeTicket, type DeliveryTicket } from './delivery-ticket';

export interface DeliveryQueueNames {
  deliveries: string;
  retry: (delayMs: number) => string;
}

export function deliveryQueueNames(prefix: string): DeliveryQueueNames {
  return {
    deliveries: `${prefix}.deliveries`,
    // The delay is in the name: a changed schedule declares new queues instead of clashing with old ones.
    retry: (delayMs) => `${prefix}.retry-${delayMs}ms`,
  };
}

/**
 * A delay queue: nobody consumes it; each message waits `delayMs` (one TTL for the whole queue, so
 * expiry at the head is exact) and is dead-lettered through the default exchange back to the
 * delivery queue. On quorum queues dead-lettering is at-least-once (it needs reject-publish overflow).
 */
export function retryQueueOptions(
  type: QueueType,
  deliveriesQueue: string,
  delayMs: number,
): Options.AssertQueue {
  return {
    durable: true,
    arguments: {
      'x-queue-type': type,
      'x-message-ttl': delayMs,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': deliveriesQueue,
      ...(type === 'quorum'
        ? { 'x-dead-letter-strategy': 'at-least-once', 'x-overflow': 'reject-publish' }
        : {}),
    },
  };
}

export type TicketHandler = (ticket: DeliveryTicket, ack: () => void) => void;

const PUBLISH_CONFIRM_TIMEOUT_MS = 10_000;

/** The dispatcher's own RabbitMQ topology: the delivery queue and one delay queue per retry delay. */
export class DeliveryQueue {
  readonly names: DeliveryQueueNames;
  private readonly logger = new Logger(DeliveryQueue.name);
  private readonly publisher: ChannelWrapper;
  private consumer: ChannelWrapper | null = null;
  /** Bumped on every (re)opened consumer channel: tags of an older channel must not be acked. */
  private generation = 0;

  constructor(
    private readonly broker: BrokerConnection,
    private readonly options: {
      prefix: string;
      queueType: QueueType;
      retryDelaysMs: number[];
      prefetch: number;
    },
  ) {
    this.names = deliveryQueueNames(options.prefix);
    this.publisher = broker.createChannel(
      (channel) => this.declare(channel),
      `${options.prefix}.publisher`,
    );
  }

  /** All queues: the delivery queue and every delay queue. */
  allQueues(): string[] {
    return [
      this.names.deliveries,
      ...this.options.retryDelaysMs.map((delay) => this.names.retry(delay)),
    ];
  }

  /** Resolves once the topology is declared; rejects after `timeoutMs` (declaring continues on reconnect). */
  async ready(timeoutMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`RabbitMQ not reachable within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([this.publisher.waitForConnect(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async consume(handler: TicketHandler): Promise<void> {
    const consumer = this.broker.createChannel(async (channel) => {
      await this.declare(channel);
      this.generation++;
    }, `${this.options.prefix}.consumer`);
    this.consumer = consumer;
    await consumer.consume(
      this.names.deliveries,
      (message) => this.onMessage(consumer, message, handler),
      {
        prefetch: this.options.prefetch,
      },
    );
  }

  /** Makes attempts due now. */
  async enqueue(tickets: DeliveryTicket[]): Promise<void> {
    await Promise.all(tickets.map((ticket) => this.publish(this.names.deliveries, ticket)));
  }

  /** Makes an attempt due after `delayMs` (through its delay queue; 0 goes straight to the delivery queue). */
  async scheduleRetry(ticket: DeliveryTicket, delayMs: number): Promise<void> {
    await this.publish(delayMs > 0 ? this.names.retry(delayMs) : this.names.deliveries, ticket);
  }

  /** Messages waiting in each queue (for the queue depth metric). */
  async depths(): Promise<Array<{ queue: string; delayMs: number; messages: number }>> {
    const queues = [
      { queue: this.names.deliveries, delayMs: 0 },
      ...this.options.retryDelaysMs.map((delayMs) => ({
        queue: this.names.retry(delayMs),
        delayMs,
      })),
    ];
    return Promise.all(
      queues.map(async (entry) => ({
        ...entry,
        messages: (await this.publisher.checkQueue(entry.queue)).messageCount,
      })),
    );
  }

  async stopConsuming(): Promise<void> {
    await this.consumer?.cancelAll().catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.consumer?.close().catch(() => undefined);
    await this.publisher.close().catch(() => undefined);
  }

  private async declare(channel: ConfirmChannel): Promise<void> {
    const { queueType } = this.options;
    await channel.assertQueue(this.names.deliveries, {
      durable: true,
      arguments: { 'x-queue-type': queueType },
    });
    for (const delay of this.options.retryDelaysMs) {
      await channel.assertQueue(
        this.names.retry(delay),
        retryQueueOptions(queueType, this.names.deliveries, delay),
      );
    }
  }

  private async publish(queue: string, ticket: DeliveryTicket): Promise<void> {
    await this.publisher.sendToQueue(queue, encodeTicket(ticket), {
      persistent: true,
      contentType: 'application/json',
      messageId: `${ticket.deliveryId}:${ticket.attemptNumber}`,
      timeout: PUBLISH_CONFIRM_TIMEOUT_MS,
    });
  }

  private onMessage(
    channel: ChannelWrapper,
    message: ConsumeMessage,
    handler: TicketHandler,
  ): void {
    const generation = this.generation;
    const ack = () => {
      // After a reconnect the broker has requeued this delivery already; its old tag is not ours to ack.
      if (generation === this.generation) channel.ack(message);
    };
    const ticket = decodeTicket(message.content);
    if (!ticket) {
      this.logger.error(
        `dropping malformed delivery message ${message.properties.messageId ?? '(no id)'}`,
      );
      ack();
      return;
    }
    handler(ticket, ack);
  }
}
