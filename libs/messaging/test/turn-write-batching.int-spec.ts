import type { Writable } from 'node:stream';
import { connect, type ChannelModel } from 'amqplib';
import { testInfrastructure, uniqueName } from '@pc/testing';
import { BrokerConnection } from '../src';
import { deleteBrokerObjects, eventually } from './support';

const rabbitUrl = testInfrastructure.rabbitUrl;
const MESSAGES = 20;

/** Counts the socket writes (each `_write`/`_writev` is one attempt to write to the kernel). */
function countWrites(socket: Writable): { count: number } {
  const counter = { count: 0 };
  const internals = socket as Writable & {
    _write: (...args: unknown[]) => void;
    _writev: (...args: unknown[]) => void;
  };
  for (const method of ['_write', '_writev'] as const) {
    const original = internals[method].bind(socket);
    internals[method] = (...args: unknown[]) => {
      counter.count++;
      original(...args);
    };
  }
  return counter;
}

function socketOf(model: ChannelModel): Writable {
  return (model as unknown as { connection: { stream: Writable } }).connection.stream;
}

describe('BrokerConnection: a turn’s publishes leave in one socket write', () => {
  const exchange = uniqueName('batching_exchange');
  const queue = uniqueName('batching_queue');
  let broker: BrokerConnection;
  let observer: ChannelModel;
  const received: string[] = [];

  beforeAll(async () => {
    broker = new BrokerConnection({ url: rabbitUrl, exchange, serviceName: 'batching-test' });
    await broker.waitForConnect();
    observer = await connect(rabbitUrl);
    const channel = await observer.createChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
    await channel.assertQueue(queue, { durable: false, autoDelete: true });
    await channel.bindQueue(queue, exchange, 'batch.#');
    await channel.consume(
      queue,
      (message) => message && received.push(message.content.toString()),
      {
        noAck: true,
      },
    );
  });

  afterAll(async () => {
    await broker.close();
    await observer.close();
    await deleteBrokerObjects(rabbitUrl, [queue], [exchange]);
  });

  it('writes twenty confirmed publishes in at most two writes, delivered in order', async () => {
    const channel = broker.createChannel(undefined, 'batching');
    await channel.waitForConnect();
    const model = broker.unwrap().connection as unknown as ChannelModel;
    const writes = countWrites(socketOf(model));

    const bodies = Array.from({ length: MESSAGES }, (_, index) => `message ${index}`);
    await Promise.all(
      bodies.map((body) =>
        channel.publish(exchange, 'batch.test', Buffer.from(body), { timeout: 5000 }),
      ),
    );

    expect(writes.count).toBeLessThanOrEqual(2);
    await eventually(() => received.length === MESSAGES);
    expect(received).toEqual(bodies);
    await channel.close();
  });

  it('is what makes the difference: plain amqplib writes each publish on its own', async () => {
    const plain = await connect(rabbitUrl);
    try {
      const channel = await plain.createConfirmChannel();
      const writes = countWrites(socketOf(plain));
      for (let index = 0; index < MESSAGES; index++)
        channel.publish(exchange, 'unbound.test', Buffer.from(`plain ${index}`));
      await channel.waitForConfirms();
      expect(writes.count).toBeGreaterThanOrEqual(MESSAGES);
    } finally {
      await plain.close();
    }
  });
});
