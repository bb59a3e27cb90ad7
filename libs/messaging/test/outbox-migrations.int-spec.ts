import { DataSource } from 'typeorm';
import { migrate, postgresDataSourceOptions, type DatabaseConfig } from '@pc/persistence';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import { MESSAGING_MIGRATIONS } from '../src';

const optionsWith = (migrations: typeof MESSAGING_MIGRATIONS) => (config: DatabaseConfig) =>
  postgresDataSourceOptions(config, { entities: [], migrations });

describe('outbox migrations (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(
      'outbox_migrations',
      optionsWith(MESSAGING_MIGRATIONS.slice(0, 1)),
    );
  });

  afterAll(() => db.drop());

  it('keeps the unsent events and drops the sent ones when the outbox stops keeping history', async () => {
    const before = new DataSource(optionsWith(MESSAGING_MIGRATIONS)(db.config));
    await before.initialize();
    await before.query(
      `INSERT INTO outbox_events (id, type, routing_key, payload, sent_at)
       VALUES ('evt_sent', 't', 't', '{}', now()), ('evt_unsent', 't', 't', '{"a":1}', NULL)`,
    );
    await before.destroy();

    await migrate(db.config, optionsWith(MESSAGING_MIGRATIONS)(db.config));

    const after = new DataSource(optionsWith(MESSAGING_MIGRATIONS)(db.config));
    await after.initialize();
    try {
      expect(await after.query(`SELECT id, payload FROM outbox_events`)).toEqual([
        { id: 'evt_unsent', payload: { a: 1 } },
      ]);
      const columns = await after.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'outbox_events'`,
      );
      expect(columns.map((column: { column_name: string }) => column.column_name)).not.toContain(
        'sent_at',
      );
    } finally {
      await after.destroy();
    }
  });
});
