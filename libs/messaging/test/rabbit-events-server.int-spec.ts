import { randomUUID } from 'node:crypto';
import { Controller, type INestMicroservice } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { connect, type Channel, type ChannelModel, type GetMessage } from 'amqplib';
import type { DataSource } from 'typeorm';
import { VerificationEvent, type DomainEvent } from '@pc/contracts';
import { TcpProxy, testInfrastructure, uniqueName, type TestDatabase } from '@pc/testing';
import {
  consumerQueueNames,
  EventContext,
  ParkingLot,
  PropagateEventErrorsFilter,
  RabbitEventsServer,
  type RabbitEventsServerOptions,
} from '../src';
import { deleteBrokerObjects, eventually, messagingDatabase, sampleEvent, sleep } from './support';

const rabbitUrl = testInfrastructure.rabbitUrl;
const RETRY_DELAY_MS = 150;
const MAX_ATTEMPTS = 3;

/** Test knobs the controller reads: how many times each event type should fail before succeeding. */
const behaviour = { failuresBeforeSuccess: 0, slowMs: 0, calls: [] as string[] };

@Controller()
class VerificationEventsController {
  @EventPattern<string>(VerificationEvent.Completed)
  async completed(@Payload() event: DomainEvent, @Ctx() ctx: EventContext): Promise<void> {
    behaviour.calls.push(event.id);
    await ctx.manager.query(`INSERT INTO handled_events (event_id, attempt) VALUES ($1, $2)`, [
      event.id,
      ctx.attempt,
    ]);
    if (behaviour.slowMs) await sleep(behaviour.slowMs);
    if (ctx.attempt <= behaviour.failuresBeforeSuccess)
      throw new Error(`transient failure ${ctx.attempt}`);
  }

  @EventPattern(VerificationEvent.Failed)
  async failed(@Payload() event: DomainEvent): Promise<void> {
    behaviour.calls.push(event.id);
    throw new Error('downstream always rejects');
  }
}

describe('RabbitEventsServer: idempotent consumer with parking (real PostgreSQL and RabbitMQ)', () => {
  const exchange = uniqueName('consumer_exchange');
  const queue = uniqueName('consumer_queue');
  const queues = consumerQueueNames(queue, RETRY_DELAY_MS);
  let db: TestDatabase;
  let dataSource: DataSource;
  let amqp: ChannelModel;
  let channel: Channel;
  let proxy: TcpProxy;
  let app: INestMicroservice;

  function serverOptions(
    overrides: Partial<RabbitEventsServerOptions> = {},
  ): RabbitEventsServerOptions {
    return {
      url: proxy.urlFor(rabbitUrl),
      exchange,
      queue,
      consumerName: 'consumer-test',
      dataSource,
      maxAttempts: MAX_ATTEMPTS,
      retryDelayMs: RETRY_DELAY_MS,
      reconnectSeconds: 0.2,
      ...overrides,
    };
  }

  async function startConsumer(
    overrides: Partial<RabbitEventsServerOptions> = {},
  ): Promise<INestMicroservice> {
    const moduleRef = await Test.createTestingModule({
      controllers: [VerificationEventsController],
    }).compile();
    const microservice = moduleRef.createNestMicroservice({
      strategy: new RabbitEventsServer(serverOptions(overrides)),
    });
    microservice.useGlobalFilters(new PropagateEventErrorsFilter());
    await microservice.listen();
    return microservice;
  }

  function publish(
    event: DomainEvent | string,
    routingKey = typeof event === 'string' ? 'verification.completed' : event.type,
  ) {
    const body = typeof event === 'string' ? event : JSON.stringify(event);
    channel.publish(exchange, routingKey, Buffer.from(body), { persistent: true });
  }

  async function handledCount(eventId: string): Promise<number> {
    const [row] = await dataSource.query(
      `SELECT count(*)::int AS n FROM handled_events WHERE event_id = $1`,
      [eventId],
    );
    return row.n;
  }

  async function drainParking(): Promise<GetMessage[]> {
    const parked: GetMessage[] = [];
    for (
      let message = await channel.get(queues.parking, { noAck: true });
      message;
      message = await channel.get(queues.parking, { noAck: true })
    ) {
      parked.push(message);
    }
    return parked;
  }

  async function queueDepth(name: string): Promise<number> {
    return (await channel.checkQueue(name)).messageCount;
  }

  beforeAll(async () => {
    ({ db, dataSource } = await messagingDatabase('consumer'));
    await dataSource.query(
      `CREATE TABLE handled_events (event_id text NOT NULL, attempt int NOT NULL)`,
    );
    const broker = new URL(rabbitUrl);
    proxy = await TcpProxy.start(broker.hostname, Number(broker.port || 5672));
    amqp = await connect(rabbitUrl);
    channel = await amqp.createChannel();
    app = await startConsumer();
  });

  beforeEach(() => {
    Object.assign(behaviour, { failuresBeforeSuccess: 0, slowMs: 0, calls: [] });
  });

  afterAll(async () => {
    await app?.close();
    await channel.close();
    await amqp.close();
    await proxy.stop();
    await dataSource.destroy();
    await db.drop();
    await deleteBrokerObjects(rabbitUrl, [queues.main, queues.parking, queues.retry], [exchange]);
  });

  it('handles a redelivered event (same id twice) once, and acks both', async () => {
    const event = sampleEvent(VerificationEvent.Completed);
    publish(event);
    publish(event);
    await eventually(async () => (await handledCount(event.id)) === 1);
    await eventually(async () => (await queueDepth(queues.main)) === 0);
    await sleep(300);
    expect(await handledCount(event.id)).toBe(1);
    expect(behaviour.calls.filter((id) => id === event.id)).toHaveLength(1);
    const inbox = await dataSource.query(`SELECT consumer FROM inbox_events WHERE event_id = $1`, [
      event.id,
    ]);
    expect(inbox).toEqual([{ consumer: 'consumer-test' }]);
  });

  it('parks malformed messages with the reason and keeps handling the next good one', async () => {
    publish('this is not json');
    publish(JSON.stringify({ id: 'nope', type: 'verification.completed' }));
    const good = sampleEvent(VerificationEvent.Completed);
    publish(good);
    await eventually(async () => (await handledCount(good.id)) === 1);
    const parked = await eventually(async () => {
      const depth = await queueDepth(queues.parking);
      return depth >= 2 ? drainParking() : null;
    });
    const reasons = parked.map((message) => message.properties.headers?.['x-parking-reason']);
    expect(reasons).toEqual(['malformed: body is not JSON', 'malformed: id must be evt_<uuid>']);
    expect(parked[0].content.toString()).toBe('this is not json');
    expect(parked[0].properties.headers?.['x-original-routing-key']).toBe('verification.completed');
  });

  it('parks an event no handler is registered for', async () => {
    const orphan = sampleEvent('verification.expired');
    channel.sendToQueue(queue, Buffer.from(JSON.stringify(orphan)), { persistent: true });
    const [parked] = await eventually(async () =>
      (await queueDepth(queues.parking)) >= 1 ? drainParking() : null,
    );
    expect(parked.properties.headers?.['x-parking-reason']).toBe(
      'no handler for event type verification.expired',
    );
  });

  it('retries a transient failure after a delay and commits only the successful attempt', async () => {
    behaviour.failuresBeforeSuccess = 1;
    const event = sampleEvent(VerificationEvent.Completed);
    const startedAt = Date.now();
    publish(event);
    await eventually(async () => (await handledCount(event.id)) === 1);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(RETRY_DELAY_MS);
    const rows = await dataSource.query(`SELECT attempt FROM handled_events WHERE event_id = $1`, [
      event.id,
    ]);
    expect(rows).toEqual([{ attempt: 2 }]);
    expect(behaviour.calls.filter((id) => id === event.id)).toHaveLength(2);
    expect(await queueDepth(queues.parking)).toBe(0);
  });

  it('parks an event whose handler keeps failing after maxAttempts, without a hot loop', async () => {
    const event = sampleEvent(VerificationEvent.Failed);
    publish(event);
    const [parked] = await eventually(async () =>
      (await queueDepth(queues.parking)) >= 1 ? drainParking() : null,
    );
    expect(parked.properties.headers).toMatchObject({
      'x-parking-reason': `handler failed after ${MAX_ATTEMPTS} attempts: downstream always rejects`,
      'x-original-routing-key': VerificationEvent.Failed,
      'x-attempt': MAX_ATTEMPTS,
    });
    await sleep(RETRY_DELAY_MS * 3);
    expect(behaviour.calls.filter((id) => id === event.id)).toHaveLength(MAX_ATTEMPTS);
    const inbox = await dataSource.query(`SELECT 1 FROM inbox_events WHERE event_id = $1`, [
      event.id,
    ]);
    expect(inbox).toHaveLength(0);
  });

  it('replays chosen parked events into the queue once the cause is fixed, keeping the rest', async () => {
    behaviour.failuresBeforeSuccess = MAX_ATTEMPTS;
    const first = sampleEvent(VerificationEvent.Completed);
    const second = sampleEvent(VerificationEvent.Completed);
    publish(first);
    publish(second);
    await eventually(async () => (await queueDepth(queues.parking)) === 2);

    const lot = await ParkingLot.open(rabbitUrl, queue);
    try {
      const listed = await lot.list();
      expect(listed.map((message) => message.eventId).sort()).toEqual([first.id, second.id].sort());
      expect(listed[0]).toMatchObject({
        routingKey: VerificationEvent.Completed,
        consumer: 'consumer-test',
        reason: `handler failed after ${MAX_ATTEMPTS} attempts: transient failure ${MAX_ATTEMPTS}`,
      });
      expect(await queueDepth(queues.parking)).toBe(2);

      behaviour.failuresBeforeSuccess = 0;
      const outcome = await lot.replay((message) => message.eventId === first.id);
      expect(outcome).toEqual({ replayed: [expect.any(String)], kept: 1 });
      await eventually(async () => (await handledCount(first.id)) === 1);
      expect(await handledCount(second.id)).toBe(0);
      expect(await queueDepth(queues.parking)).toBe(1);

      expect((await lot.replay()).replayed).toHaveLength(1);
      await eventually(async () => (await handledCount(second.id)) === 1);
      expect(await queueDepth(queues.parking)).toBe(0);
    } finally {
      await lot.close();
    }
  });

  it("purges its own inbox rows past retention when it starts, keeping recent and other consumers' rows", async () => {
    const ids = {
      old: `evt_${randomUUID()}`,
      recent: `evt_${randomUUID()}`,
      other: `evt_${randomUUID()}`,
    };
    await dataSource.query(
      `INSERT INTO inbox_events (consumer, event_id, processed_at) VALUES
         ('retention-test', $1, now() - interval '2 hours'),
         ('retention-test', $2, now() - interval '10 minutes'),
         ('someone-else', $3, now() - interval '2 days')`,
      [ids.old, ids.recent, ids.other],
    );
    const otherQueue = uniqueName('retention_queue');
    const consumer = await startConsumer({
      queue: otherQueue,
      consumerName: 'retention-test',
      inboxRetentionMs: 3600_000,
    });
    try {
      const remaining = async () =>
        (
          await dataSource.query(`SELECT event_id FROM inbox_events WHERE event_id = ANY($1)`, [
            Object.values(ids),
          ])
        ).map((row: { event_id: string }) => row.event_id);
      await eventually(async () => !(await remaining()).includes(ids.old));
      expect((await remaining()).sort()).toEqual([ids.recent, ids.other].sort());
    } finally {
      await consumer.close();
      const names = consumerQueueNames(otherQueue, RETRY_DELAY_MS);
      await deleteBrokerObjects(rabbitUrl, [names.main, names.parking, names.retry], []);
    }
  });

  it('resumes consuming after the broker connection is cut and restored', async () => {
    proxy.cut();
    await sleep(300);
    const event = sampleEvent(VerificationEvent.Completed);
    publish(event);
    proxy.restore();
    await eventually(async () => (await handledCount(event.id)) === 1, 15_000);
  });

  it('refuses to start when an expected event type has no handler', async () => {
    await expect(
      startConsumer({
        queue: uniqueName('never_created'),
        expectedEventTypes: [VerificationEvent.Completed, VerificationEvent.StepCompleted],
      }),
    ).rejects.toThrow(
      /no @EventPattern handler for expected event type\(s\): verification\.step_completed/,
    );
  });

  it('finishes the message in flight on close before disconnecting', async () => {
    behaviour.slowMs = 700;
    const event = sampleEvent(VerificationEvent.Completed);
    publish(event);
    await eventually(() => behaviour.calls.includes(event.id));
    await app.close();
    expect(await handledCount(event.id)).toBe(1);
    expect(await queueDepth(queues.main)).toBe(0);
    behaviour.slowMs = 0;
    app = await startConsumer();
  });
});
