import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Finished deliveries by completion time, for the retention purge (`DeliveryRetention`). */
export class IndexFinishedDeliveries1795375900000 implements MigrationInterface {
  name = 'IndexFinishedDeliveries1795375900000';
  // Built without blocking writes to a table that may already be large; CONCURRENTLY cannot run
  // inside a transaction.
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS webhook_deliveries_finished_idx ON webhook_deliveries (completed_at)
         WHERE status <> 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX CONCURRENTLY IF EXISTS webhook_deliveries_finished_idx`);
  }
}
