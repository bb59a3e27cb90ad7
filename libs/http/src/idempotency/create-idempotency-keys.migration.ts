import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Stored responses for `Idempotency-Key`; every service with mutating POSTs lists this migration. */
export class CreateIdempotencyKeys1760000000100 implements MigrationInterface {
  name = 'CreateIdempotencyKeys1760000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE idempotency_keys (
        owner text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('in_flight', 'completed')),
        response_status integer,
        response_body text,
        response_headers jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (owner, key)
      )`);
    await queryRunner.query(
      `CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE idempotency_keys');
  }
}
