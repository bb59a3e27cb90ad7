import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Verification sessions with their steps and result; indexes for partner lists and the expiry sweep. */
export class CreateVerificationSessions1761000000000 implements MigrationInterface {
  name = 'CreateVerificationSessions1761000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE verification_sessions (
        id                  uuid PRIMARY KEY,
        partner_id          text NOT NULL,
        external_id         text NULL,
        provider            text NOT NULL CHECK (provider IN ('bank_transfer', 'mobywatel', 'ais_psd2')),
        mode                text NOT NULL CHECK (mode IN ('single', 'sequential', 'dynamic')),
        status              text NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'failed', 'expired')),
        steps               jsonb NOT NULL DEFAULT '[]',
        request_fingerprint text NOT NULL,
        result_status       text NULL CHECK (result_status IN ('verified', 'inconclusive', 'rejected')),
        confidence_score    numeric(4, 3) NULL,
        verified_data       jsonb NULL,
        rejection_reasons   jsonb NULL,
        expiry_reason       text NULL CHECK (expiry_reason IN ('ttl', 'deleted')),
        ttl_seconds         integer NOT NULL,
        expires_at          timestamptz(3) NOT NULL,
        created_at          timestamptz(3) NOT NULL,
        updated_at          timestamptz(3) NOT NULL,
        finished_at         timestamptz(3) NULL,
        CHECK ((status IN ('completed', 'failed')) = (result_status IS NOT NULL))
      )`);
    // external_id is the partner's idempotent key: unique per partner when given.
    await queryRunner.query(
      `CREATE UNIQUE INDEX verification_sessions_external_id_key
         ON verification_sessions (partner_id, external_id) WHERE external_id IS NOT NULL`,
    );
    // Newest-first keyset pages per partner.
    await queryRunner.query(
      `CREATE INDEX verification_sessions_partner_created_idx
         ON verification_sessions (partner_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX verification_sessions_partner_updated_idx ON verification_sessions (partner_id, updated_at)`,
    );
    // The expiry sweep only ever looks at open sessions; keep its index small.
    await queryRunner.query(
      `CREATE INDEX verification_sessions_open_expires_idx
         ON verification_sessions (expires_at) WHERE status IN ('pending', 'processing')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE verification_sessions');
  }
}
