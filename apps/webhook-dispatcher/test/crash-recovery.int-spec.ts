import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import { generateSigningSecret, SecretCipher } from '../src/endpoints/secret-cipher';
import { webhookDispatcherDataSourceOptions } from '../src/webhook-dispatcher.datasource';
import { DispatcherProcess } from './support/dispatcher-process';
import { TestReceiver } from './support/test-receiver';
import {
  brokerObjectsOf,
  deleteBrokerObjects,
  eventually,
  EventPublisher,
  testEnvVars,
  verificationEvent,
} from './support/dispatcher-harness';

jest.setTimeout(120_000);

/**
 * SIGKILL of the dispatcher process while deliveries wait in the retry queues and attempts are in
 * flight: after a restart no delivery is lost, none gets more than the 5 scheduled attempts, and
 * only an attempt in flight at the kill may reach the receiver twice.
 */
describe('dispatcher killed mid-schedule', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let receiver: TestReceiver;
  let events: EventPublisher;
  let vars: Record<string, string>;
  let dispatcher: DispatcherProcess | null = null;

  beforeAll(async () => {
    database = await createTestDatabase('webhooks_crash', (config) =>
      webhookDispatcherDataSourceOptions(config),
    );
    dataSource = new DataSource(webhookDispatcherDataSourceOptions(database.config));
    await dataSource.initialize();
    receiver = await TestReceiver.start();
    vars = testEnvVars(database.config.database, {
      WEBHOOK_RETRY_SCHEDULE_MS: '0,400,400,400,400',
      WEBHOOK_ATTEMPT_TIMEOUT_MS: '1000',
      WEBHOOK_SWEEP_INTERVAL_MS: '100',
      WEBHOOK_SWEEP_GRACE_MS: '500',
      LOG_LEVEL: 'warn',
    });
    events = await EventPublisher.open(vars.EVENTS_EXCHANGE);
  });

  afterAll(async () => {
    await dispatcher?.kill();
    await events.close();
    await receiver.stop();
    await dataSource.destroy();
    await deleteBrokerObjects(brokerObjectsOf(vars));
    await database.drop();
  });

  it('loses no delivery and never exceeds the schedule', async () => {
    dispatcher = await DispatcherProcess.start(vars);
    const partnerId = 'prt_crash';
    const endpointIds: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      const [row] = await dataSource.query(
        `INSERT INTO webhook_endpoints (id, partner_id, url, events, secret_ciphertext)
         VALUES (gen_random_uuid(), $1, $2, '{*}', 'unused') RETURNING id`,
        [partnerId, receiver.on(`/crash-${name}`, { status: 500, delayMs: 150 })],
      );
      endpointIds.push(row.id);
    }
    // Inserted directly (the API is in the child process): give them secrets the child can decrypt.
    await seedSecrets(dataSource, vars.WEBHOOK_SECRET_ENCRYPTION_KEY, endpointIds);
    const published = Array.from({ length: 30 }, () => verificationEvent(partnerId));
    for (const event of published) await events.publish(event);

    await eventually(() => receiver.requests.length >= 150, 30_000);
    await dispatcher.kill();
    const killedAt = Date.now();
    // Answered 150 ms after arrival: requests younger than that (plus scheduling slack) were in flight.
    const inFlightAtKill = receiver.requests.filter(
      (request) => request.at > killedAt - 250,
    ).length;
    const [pending] = await dataSource.query(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`,
    );
    expect(pending.n).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 700));
    dispatcher = await DispatcherProcess.start(vars);

    await eventually(async () => {
      const [row] = await dataSource.query(
        `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'failed'`,
      );
      return row.n === 90;
    }, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const attempts: Array<{ delivery_id: string; numbers: number[] }> = await dataSource.query(
      `SELECT delivery_id, array_agg(attempt_number ORDER BY attempt_number) AS numbers
         FROM webhook_delivery_attempts GROUP BY delivery_id`,
    );
    expect(attempts).toHaveLength(90);
    expect(attempts.every((row) => row.numbers.join() === '1,2,3,4,5')).toBe(true);

    const perDelivery = new Map<string, number>();
    for (const request of receiver.requests) {
      const key = `${request.path} ${String(request.headers['x-webhook-id'])}`;
      perDelivery.set(key, (perDelivery.get(key) ?? 0) + 1);
    }
    expect(perDelivery.size).toBe(90);
    const counts = [...perDelivery.values()];
    expect(Math.min(...counts)).toBe(5);
    expect(Math.max(...counts)).toBeLessThanOrEqual(6);
    // Repeats come only from attempts cut off by the kill.
    expect(counts.filter((count) => count === 6).length).toBeLessThanOrEqual(inFlightAtKill);
    expect(
      published.every((event) => [...perDelivery.keys()].some((key) => key.endsWith(event.id))),
    ).toBe(true);
  });
});

async function seedSecrets(
  dataSource: DataSource,
  key: string,
  endpointIds: string[],
): Promise<void> {
  const cipher = new SecretCipher(key);
  for (const id of endpointIds) {
    await dataSource.query(`UPDATE webhook_endpoints SET secret_ciphertext = $2 WHERE id = $1`, [
      id,
      cipher.encrypt(generateSigningSecret(), id),
    ]);
  }
}
