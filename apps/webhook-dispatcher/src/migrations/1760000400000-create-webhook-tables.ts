import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Endpoints, their deliveries (one per event and endpoint) and every attempt of a delivery. */
export class CreateWebhookTables1760000400000 implements MigrationInterface {
  name = 'CreateWebhookTables1760000400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE webhook_endpoints (
        id                         uuid PRIMARY KEY,
        partner_id                 text NOT NULL,
        url                        text NOT NULL,
        description                text NULL,
        events                     text[] NOT NULL,
        secret_ciphertext          text NOT NULL,
        previous_secret_ciphertext text NULL,
        previous_secret_expires_at timestamptz NULL,
        is_active                  boolean NOT NULL DEFAULT true,
        failure_count              integer NOT NULL DEFAULT 0 CHECK (failure_count >= 0),
        last_triggered_at          timestamptz NULL,
        last_success_at            timestamptz NULL,
        last_failure_at            timestamptz NULL,
        disabled_at                timestamptz NULL,
        created_at                 timestamptz NOT NULL DEFAULT now(),
        updated_at                 timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX webhook_endpoints_partner_idx ON webhook_endpoints (partner_id, created_at, id)`,
    );
    await queryRunner.query(`
      CREATE TABLE webhook_deliveries (
        id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        endpoint_id     uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id        text NOT NULL,
        event_type      text NOT NULL,
        body            text NOT NULL,
        status          text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'skipped')),
        attempts_made   integer NOT NULL DEFAULT 0,
        cycle_start     integer NOT NULL DEFAULT 0,
        claimed_attempt integer NULL,
        next_attempt_at timestamptz NULL,
        last_attempt_at timestamptz NULL,
        completed_at    timestamptz NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_deliveries_event_once UNIQUE (endpoint_id, event_id)
      )`);
    // The sweeper scans only pending deliveries by due time; keep that index small.
    await queryRunner.query(
      `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE webhook_delivery_attempts (
        delivery_id      uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempt_number   integer NOT NULL,
        attempted_at     timestamptz NOT NULL,
        duration_ms      integer NOT NULL,
        outcome          text NOT NULL CHECK (outcome IN ('success', 'failure')),
        status_code      integer NULL,
        error_class      text NULL,
        response_excerpt text NULL,
        PRIMARY KEY (delivery_id, attempt_number)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE webhook_delivery_attempts`);
    await queryRunner.query(`DROP TABLE webhook_deliveries`);
    await queryRunner.query(`DROP TABLE webhook_endpoints`);
  }
}
