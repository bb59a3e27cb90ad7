import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Lets a consumer's old inbox rows be found without scanning the table (`purgeInbox`). */
export class IndexInboxByAge1795375800000 implements MigrationInterface {
  name = 'IndexInboxByAge1795375800000';
  // Built without blocking writes to a table that may already be large; CONCURRENTLY cannot run
  // inside a transaction.
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS inbox_events_consumer_processed_at_idx ON inbox_events (consumer, processed_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP INDEX CONCURRENTLY IF EXISTS inbox_events_consumer_processed_at_idx`,
    );
  }
}
