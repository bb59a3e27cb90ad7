import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The relay now deletes the rows it has published instead of marking them sent: the table holds
 * only events still to go out. Sent rows were history nobody read, and marking one sent wrote a
 * whole new version of it (payload included) and two index entries, where a delete writes neither.
 */
export class OutboxKeepsOnlyUnsentEvents1795375700000 implements MigrationInterface {
  name = 'OutboxKeepsOnlyUnsentEvents1795375700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM outbox_events WHERE sent_at IS NOT NULL`);
    await queryRunner.query(`DROP INDEX outbox_events_sent_at_idx`);
    await queryRunner.query(`DROP INDEX outbox_events_unsent_idx`);
    await queryRunner.query(`ALTER TABLE outbox_events DROP COLUMN sent_at`);
    await queryRunner.query(
      `CREATE INDEX outbox_events_relay_order_idx ON outbox_events (created_at, id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX outbox_events_relay_order_idx`);
    await queryRunner.query(`ALTER TABLE outbox_events ADD COLUMN sent_at timestamptz NULL`);
    await queryRunner.query(
      `CREATE INDEX outbox_events_unsent_idx ON outbox_events (created_at, id) WHERE sent_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX outbox_events_sent_at_idx ON outbox_events (sent_at) WHERE sent_at IS NOT NULL`,
    );
  }
}
