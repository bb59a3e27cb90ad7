import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import { DeliveryRetention } from '../src/dispatch/delivery-retention';
import { webhookDispatcherDataSourceOptions } from '../src/webhook-dispatcher.datasource';

const DAY_MS = 24 * 3600 * 1000;

describe('retention of finished deliveries (real PostgreSQL)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  const endpointId = randomUUID();

  async function delivery(status: string, createdDaysAgo: number, completedDaysAgo: number | null) {
    const [row] = await dataSource.query(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body, status, created_at, completed_at)
       VALUES ($1, $2, 'verification.completed', '{}', $3,
               now() - $4::int * interval '1 day',
               CASE WHEN $5::int IS NULL THEN NULL ELSE now() - $5::int * interval '1 day' END)
       RETURNING id`,
      [endpointId, `evt_${randomUUID()}`, status, createdDaysAgo, completedDaysAgo],
    );
    await dataSource.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt_number, attempted_at, duration_ms, outcome)
       VALUES ($1, 1, now(), 5, 'failure')`,
      [row.id],
    );
    return row.id as string;
  }

  beforeAll(async () => {
    db = await createTestDatabase('webhook_retention', webhookDispatcherDataSourceOptions);
    dataSource = new DataSource(webhookDispatcherDataSourceOptions(db.config));
    await dataSource.initialize();
    await dataSource.query(
      `INSERT INTO webhook_endpoints (id, partner_id, url, events, secret_ciphertext)
       VALUES ($1, 'prt_1', 'https://example.com/hook', '{*}', 'v1:x')`,
      [endpointId],
    );
  });

  afterAll(async () => {
    await dataSource.destroy();
    await db.drop();
  });

  it('deletes finished deliveries past retention with their attempts, never pending ones', async () => {
    const oldSucceeded = await delivery('succeeded', 45, 40);
    const oldFailed = await delivery('failed', 45, 31);
    const oldSkipped = await delivery('skipped', 45, 35);
    const recentFailed = await delivery('failed', 29, 29);
    const oldPending = await delivery('pending', 60, null);

    const retention = new DeliveryRetention(dataSource, {
      deliveryRetentionMs: 30 * DAY_MS,
      intervalMs: 3600_000,
    });
    expect(await retention.purge()).toBe(3);

    const remaining = await dataSource.query(`SELECT id FROM webhook_deliveries`);
    expect(remaining.map((row: { id: string }) => row.id).sort()).toEqual(
      [recentFailed, oldPending].sort(),
    );
    const attempts = await dataSource.query(
      `SELECT delivery_id FROM webhook_delivery_attempts WHERE delivery_id = ANY($1::uuid[])`,
      [[oldSucceeded, oldFailed, oldSkipped]],
    );
    expect(attempts).toEqual([]);
    expect(await retention.purge()).toBe(0);
  });
});
