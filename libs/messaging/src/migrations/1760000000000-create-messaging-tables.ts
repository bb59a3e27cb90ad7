import type { MigrationInterface, QueryRunner } from 'typeorm';
import { OutboxKeepsOnlyUnsentEvents1795375700000 } from './1795375700000-outbox-keeps-only-unsent-events';
import { IndexInboxByAge1795375800000 } from './1795375800000-index-inbox-by-age';

/** Outbox (events waiting to be relayed to the broker) and inbox (events a consumer has handled). */
export class CreateMessagingTables1760000000000 implements MigrationInterface {
  name = 'CreateMessagingTables1760000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox_events (
        id          text PRIMARY KEY,
        type        text NOT NULL,
        routing_key text NOT NULL,
        payload     jsonb NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        sent_at     timestamptz NULL,
        attempts    integer NOT NULL DEFAULT 0,
        last_error  text NULL
      )`);
    // The relay only ever scans unsent rows; keep that index tiny however large the table grows.
    await queryRunner.query(
      `CREATE INDEX outbox_events_unsent_idx ON outbox_events (created_at, id) WHERE sent_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX outbox_events_sent_at_idx ON outbox_events (sent_at) WHERE sent_at IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE inbox_events (
        consumer     text NOT NULL,
        event_id     text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE inbox_events`);
    await queryRunner.query(`DROP TABLE outbox_events`);
  }
}

export const MESSAGING_MIGRATIONS = [
  CreateMessagingTables1760000000000,
  OutboxKeepsOnlyUnsentEvents1795375700000,
  IndexInboxByAge1795375800000,
];
