import { DataSource, type EntityManager } from 'typeorm';
import type { DomainEvent } from '@pc/contracts';
import {
  EventCapture,
  TcpProxy,
  testInfrastructure,
  uniqueName,
  type TestDatabase,
} from '@pc/testing';
import { BrokerConnection, OutboxPublisher, OutboxRelay, type MessagingOptions } from '../src';
import { deleteBrokerObjects, eventually, messagingDatabase, sampleEvent, sleep } from './support';

const rabbitUrl = testInfrastructure.rabbitUrl;

describe('transactional outbox and relay (real PostgreSQL and RabbitMQ)', () => {
  const exchange = uniqueName('outbox_exchange');
  const publisher = new OutboxPublisher();
  let db: TestDatabase;
  let dataSource: DataSource;
  let capture: EventCapture;
  const cleanups: Array<() => Promise<unknown>> = [];

  function options(url: string, relay: MessagingOptions['relay']): MessagingOptions {
    return { url, exchange, serviceName: 'outbox-test', relay, reconnectSeconds: 0.2 };
  }

  async function startRelay(url: string, relay: MessagingOptions['relay'] = {}) {
    const broker = new BrokerConnection(options(url, relay));
    const relayInstance = new OutboxRelay(options(url, relay), broker, publisher, dataSource);
    cleanups.push(async () => {
      await relayInstance.stop();
      await broker.close();
    });
    await broker.waitForConnect();
    relayInstance.start();
    return { broker, relay: relayInstance };
  }

  async function stopAll() {
    while (cleanups.length > 0) await cleanups.pop()!();
  }

  async function unsentCount(): Promise<number> {
    const [row] = await dataSource.query(`SELECT count(*)::int AS n FROM outbox_events`);
    return row.n;
  }

  beforeAll(async () => {
    ({ db, dataSource } = await messagingDatabase('outbox'));
    capture = await EventCapture.start(rabbitUrl, exchange);
  });

  afterEach(stopAll);

  it('waitForConnect resolves at once when the connection is already up', async () => {
    const { broker } = await startRelay(rabbitUrl);
    const started = Date.now();
    await broker.waitForConnect(2000);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  afterAll(async () => {
    await capture.stop();
    await dataSource.destroy();
    await db.drop();
    await deleteBrokerObjects(rabbitUrl, [], [exchange]);
  });

  it('delivers a committed event once the unreachable broker is back, and never a rolled-back one', async () => {
    const broker = new URL(rabbitUrl);
    const proxy = await TcpProxy.start(broker.hostname, Number(broker.port || 5672));
    cleanups.push(() => proxy.stop());
    const { broker: relayBroker } = await startRelay(proxy.urlFor(rabbitUrl), {
      pollIntervalMs: 200,
    });

    proxy.cut();
    await eventually(() => !relayBroker.isConnected());
    const committed = sampleEvent();
    const rolledBack = sampleEvent();
    await dataSource.transaction((manager) => publisher.publish(manager, committed));
    await expect(
      dataSource.transaction(async (manager) => {
        await publisher.publish(manager, rolledBack);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');

    await sleep(1000);
    expect(capture.count((event) => event.id === committed.id)).toBe(0);
    expect(await unsentCount()).toBe(1);

    proxy.restore();
    const received = await capture.waitFor((event) => event.id === committed.id, 15_000);
    expect(received).toEqual(committed);
    // A later event proves the relay has drained everything before it: the rolled-back one never existed.
    const later = sampleEvent();
    await dataSource.transaction((manager) => publisher.publish(manager, later));
    await capture.waitFor((event) => event.id === later.id);
    expect(capture.count((event) => event.id === rolledBack.id)).toBe(0);
    await eventually(async () => (await unsentCount()) === 0);
  });

  it('publishes persistent messages keyed by event type with the event id as message id', async () => {
    await startRelay(rabbitUrl);
    const event = sampleEvent('verification.failed');
    await dataSource.transaction((manager) => publisher.publish(manager, event));
    await capture.waitFor((candidate) => candidate.id === event.id);
    const message = capture.messages.find((candidate) => candidate.event.id === event.id)!;
    expect(message.routingKey).toBe('verification.failed');
    expect(message.properties).toMatchObject({
      messageId: event.id,
      type: 'verification.failed',
      contentType: 'application/json',
      deliveryMode: 2,
    });
  });

  it('wakes when this process commits outbox rows: delivery well before a 30 s poll', async () => {
    await startRelay(rabbitUrl, { pollIntervalMs: 30_000 });
    await sleep(200); // let the start-up pass finish so only the commit can wake the relay
    const inTransaction = sampleEvent();
    let startedAt = Date.now();
    await dataSource.transaction((manager) => publisher.publish(manager, inTransaction));
    await capture.waitFor((candidate) => candidate.id === inTransaction.id, 5000);
    expect(Date.now() - startedAt).toBeLessThan(1000);

    const withChange = sampleEvent();
    startedAt = Date.now();
    const rows = await publisher.publishWithChange<{ n: number }>(
      dataSource,
      { sql: 'SELECT $1::int AS n WHERE $1::int > 0', params: [1] },
      [withChange],
    );
    expect(rows).toEqual([{ n: 1 }]);
    await capture.waitFor((candidate) => candidate.id === withChange.id, 5000);
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });

  it('writes the events of a change only when the change matched a row', async () => {
    const before = await unsentCount();
    const rows = await publisher.publishWithChange(
      dataSource,
      { sql: 'SELECT $1::int AS n WHERE $1::int > 0', params: [0] },
      [sampleEvent()],
    );
    expect(rows).toEqual([]);
    expect(await unsentCount()).toBe(before);
  });

  /**
   * Writes `event` with `write` inside a transaction that stays open 300 ms after it, and checks the
   * relay (polling only every 30 s) delivers it after the COMMIT and soon after: woken by the commit.
   */
  async function expectRelayedRightAfterCommit(
    event: DomainEvent,
    write: (manager: EntityManager) => Promise<unknown>,
  ) {
    await startRelay(rabbitUrl, { pollIntervalMs: 30_000 });
    await sleep(200);
    let committedAt = 0;
    await dataSource.transaction(async (manager) => {
      await write(manager);
      await sleep(300);
      committedAt = Date.now();
    });
    await capture.waitFor((candidate) => candidate.id === event.id, 5000);
    const message = capture.messages.find((candidate) => candidate.event.id === event.id)!;
    expect(message.receivedAt).toBeGreaterThanOrEqual(committedAt);
    expect(message.receivedAt - committedAt).toBeLessThan(1000);
  }

  it('does not relay rows of a released savepoint before the outer transaction commits', async () => {
    const event = sampleEvent();
    await expectRelayedRightAfterCommit(event, (outer) =>
      outer.transaction((inner) => publisher.publish(inner, event)),
    );
  });

  it('tells the relay of a change made inside a transaction only once it commits', async () => {
    const event = sampleEvent();
    await expectRelayedRightAfterCommit(event, (manager) =>
      publisher.publishWithChange(
        manager,
        { sql: 'SELECT $1::int AS n WHERE $1::int > 0', params: [1] },
        [event],
      ),
    );
  });

  it('picks up rows another process wrote by polling', async () => {
    await startRelay(rabbitUrl, { pollIntervalMs: 300 });
    await sleep(200);
    const otherProcess = new OutboxPublisher();
    const event = sampleEvent();
    await dataSource.transaction((manager) => otherProcess.publish(manager, event));
    await capture.waitFor((candidate) => candidate.id === event.id, 5000);
  });

  it('two relays on the same database publish every event exactly once', async () => {
    await startRelay(rabbitUrl, { pollIntervalMs: 100, batchSize: 20 });
    await startRelay(rabbitUrl, { pollIntervalMs: 100, batchSize: 20 });
    const events = Array.from({ length: 400 }, () => sampleEvent('verification.step_completed'));
    const ids = new Set(events.map((event) => event.id));
    for (let i = 0; i < events.length; i += 4) {
      await dataSource.transaction((manager) => publisher.publish(manager, events.slice(i, i + 4)));
    }
    await eventually(() => capture.count((event) => ids.has(event.id)) >= events.length, 20_000);
    await sleep(500);
    const perId = new Map<string, number>();
    for (const event of capture.events) {
      if (ids.has(event.id)) perId.set(event.id, (perId.get(event.id) ?? 0) + 1);
    }
    expect(perId.size).toBe(events.length);
    expect([...perId.values()].every((count) => count === 1)).toBe(true);
    await eventually(async () => (await unsentCount()) === 0);
  });

  it('refuses to publish outside a transaction', async () => {
    await expect(publisher.publish(dataSource.manager, sampleEvent())).rejects.toThrow(
      /open transaction/,
    );
  });
});
