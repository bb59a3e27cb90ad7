import { connect, type ChannelModel, type ConfirmChannel, type Message } from 'amqplib';
import { ConsumerHeader, consumerQueueNames } from './consumer-topology';
import { sameMessageOptions } from './republication';

/** What an operator needs to decide about a parked message. */
export interface ParkedMessage {
  /** The domain event's id, when the body is an event. */
  eventId: string | null;
  messageId: string | null;
  type: string | null;
  routingKey: string | null;
  reason: string | null;
  consumer: string | null;
  parkedAt: string | null;
  body: string;
}

export interface ReplayOutcome {
  replayed: string[];
  kept: number;
}

/** Headers a replayed message no longer needs: it starts over as a first attempt. */
const CLEARED_ON_REPLAY: string[] = [
  ConsumerHeader.Attempt,
  ConsumerHeader.LastError,
  ConsumerHeader.ParkingReason,
  ConsumerHeader.Consumer,
  ConsumerHeader.ParkedAt,
];

function header(message: Message, name: string): string | null {
  const value = message.properties.headers?.[name];
  return value === undefined || value === null ? null : String(value);
}

function eventIdOf(body: string): string | null {
  try {
    const id = (JSON.parse(body) as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

function describe(message: Message): ParkedMessage {
  const body = message.content.toString('utf8');
  return {
    eventId: eventIdOf(body),
    messageId: message.properties.messageId ?? null,
    type: message.properties.type ?? null,
    routingKey: header(message, ConsumerHeader.OriginalRoutingKey),
    reason: header(message, ConsumerHeader.ParkingReason),
    consumer: header(message, ConsumerHeader.Consumer),
    parkedAt: header(message, ConsumerHeader.ParkedAt),
    body,
  };
}

/**
 * The parking queue of one consumer queue (`<queue>.parking`), for operators: list what is parked
 * and why, and replay chosen messages into the consumer's queue once the cause is fixed.
 *
 * Both walk the queue once, taking each message and publishing it again, with a publisher confirm,
 * before acknowledging it: back to the parking queue (kept) or to the consumer's queue (replayed).
 * Nothing is requeued with a nack, so a quorum queue's delivery limit can never drop a message,
 * and a crash in between leaves a copy at worst, which the consumer's inbox absorbs.
 */
export class ParkingLot {
  private constructor(
    private readonly connection: ChannelModel,
    private readonly channel: ConfirmChannel,
    private readonly queue: string,
    private readonly parking: string,
  ) {}

  /** `queue` is the consumer's own queue; the parking queue must exist. */
  static async open(url: string, queue: string): Promise<ParkingLot> {
    const connection = await connect(url);
    // Failures surface as the rejected call (a missing queue, say); as events they would crash.
    connection.on('error', () => undefined);
    try {
      const channel = await connection.createConfirmChannel();
      channel.on('error', () => undefined);
      const { parking } = consumerQueueNames(queue, 0);
      await channel.checkQueue(parking);
      await channel.checkQueue(queue);
      return new ParkingLot(connection, channel, queue, parking);
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  }

  async list(): Promise<ParkedMessage[]> {
    const parked: ParkedMessage[] = [];
    await this.walk(async (message) => {
      parked.push(describe(message));
      await this.send(this.parking, message, message.properties.headers ?? {});
    });
    return parked;
  }

  /** Replays the messages `shouldReplay` picks (all when omitted) and keeps the others parked. */
  async replay(
    shouldReplay: (message: ParkedMessage) => boolean = () => true,
  ): Promise<ReplayOutcome> {
    const outcome: ReplayOutcome = { replayed: [], kept: 0 };
    const replayedAt = new Date().toISOString();
    await this.walk(async (message) => {
      const parked = describe(message);
      if (!shouldReplay(parked)) {
        await this.send(this.parking, message, message.properties.headers ?? {});
        outcome.kept++;
        return;
      }
      const headers: Record<string, unknown> = { ...message.properties.headers };
      for (const name of CLEARED_ON_REPLAY) delete headers[name];
      headers[ConsumerHeader.ReplayedAt] = replayedAt;
      await this.send(this.queue, message, headers);
      outcome.replayed.push(parked.messageId ?? '(no id)');
    });
    return outcome;
  }

  async close(): Promise<void> {
    await this.connection.close().catch(() => undefined);
  }

  /** Takes each message that was parked when the walk began, exactly once. */
  private async walk(visit: (message: Message) => Promise<void>): Promise<void> {
    const { messageCount } = await this.channel.checkQueue(this.parking);
    for (let taken = 0; taken < messageCount; taken++) {
      const message = await this.channel.get(this.parking, { noAck: false });
      if (message === false) return;
      await visit(message);
      this.channel.ack(message);
    }
  }

  /** Publishes through the default exchange, as the consumer's retries do, and waits for the confirm. */
  private async send(
    queue: string,
    message: Message,
    headers: Record<string, unknown>,
  ): Promise<void> {
    this.channel.sendToQueue(queue, message.content, { ...sameMessageOptions(message), headers });
    await this.channel.waitForConfirms();
  }
}
