import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Onboardings with their segments, beneficial owners, documents (content behind the storage port) and invitations. */
export class CreateOnboardingTables1760000005000 implements MigrationInterface {
  name = 'CreateOnboardingTables1760000005000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE onboardings (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        partner_id text NOT NULL,
        channel text NOT NULL,
        partner_external_ref text NOT NULL,
        ref text NOT NULL,
        status text NOT NULL CHECK (status IN ('draft','awaiting_merchant','in_review','active','rejected','expired')),
        entity_type text NULL CHECK (entity_type IN ('natural_person','sole_trader','company')),
        hosted_step text NOT NULL DEFAULT 'contact_verification',
        company jsonb NULL,
        bank_account_profile jsonb NULL,
        applicant_identity jsonb NULL,
        representation jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT onboardings_external_ref_key UNIQUE (partner_id, channel, partner_external_ref),
        CONSTRAINT onboardings_ref_key UNIQUE (partner_id, ref)
      )`);
    // Newest-first keyset pages per partner: the identity column orders inserts, ties are impossible.
    await queryRunner.query(
      `CREATE UNIQUE INDEX onboardings_partner_seq ON onboardings (partner_id, seq DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX onboardings_open_updated_at ON onboardings (updated_at) WHERE status IN ('draft', 'awaiting_merchant')`,
    );
    await queryRunner.query(`
      CREATE TABLE beneficial_owners (
        uuid uuid PRIMARY KEY,
        onboarding_id uuid NOT NULL REFERENCES onboardings (id) ON DELETE CASCADE,
        details jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX beneficial_owners_onboarding ON beneficial_owners (onboarding_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE documents (
        id uuid PRIMARY KEY,
        onboarding_id uuid NOT NULL REFERENCES onboardings (id) ON DELETE CASCADE,
        document_type text NOT NULL,
        subject text NULL,
        required_for text NULL,
        status text NOT NULL CHECK (status IN ('required','uploaded')),
        filename text NULL,
        format text NULL,
        size_bytes integer NULL,
        sha256 text NULL,
        storage_key uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        uploaded_at timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX documents_onboarding ON documents (onboarding_id)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX documents_required_slot ON documents (onboarding_id, required_for) WHERE required_for IS NOT NULL`,
    );
    // Content sits behind the storage port, keyed by its own key (like an object store), written before
    // the metadata row points at it; a failed upload leaves unreferenced content, never a dangling row.
    await queryRunner.query(`
      CREATE TABLE document_contents (
        storage_key uuid PRIMARY KEY,
        content bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE invitations (
        id uuid PRIMARY KEY,
        onboarding_id uuid NOT NULL REFERENCES onboardings (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('representative','beneficial_owner')),
        status text NOT NULL CHECK (status IN ('pending','completed','cancelled')),
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        document_id uuid NULL REFERENCES documents (id),
        expires_at timestamptz NOT NULL,
        sent_count integer NOT NULL DEFAULT 0,
        last_sent_at timestamptz NULL,
        cancelled_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX invitations_onboarding ON invitations (onboarding_id, id)`,
    );
    await queryRunner.query(`
      CREATE TABLE sandbox_notifications (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        partner_id text NOT NULL,
        onboarding_ref text NOT NULL,
        invitation_id uuid NOT NULL,
        medium text NOT NULL CHECK (medium IN ('email','sms')),
        recipient text NOT NULL,
        subject text NULL,
        body text NOT NULL,
        link text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX sandbox_notifications_partner ON sandbox_notifications (partner_id, id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'sandbox_notifications',
      'invitations',
      'document_contents',
      'documents',
      'beneficial_owners',
      'onboardings',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
