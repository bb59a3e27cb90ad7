import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Partners, the channels they own and their keys (stored as SHA-256 hashes only). */
export class CreatePartnersAndKeys1761000000000 implements MigrationInterface {
  name = 'CreatePartnersAndKeys1761000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE partners (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE partner_channels (
        code text PRIMARY KEY CHECK (code ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
        partner_id uuid NOT NULL REFERENCES partners (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX partner_channels_partner_id ON partner_channels (partner_id)',
    );
    await queryRunner.query(`
      CREATE TABLE partner_keys (
        id text PRIMARY KEY,
        partner_id uuid NOT NULL REFERENCES partners (id),
        secret_hash bytea NOT NULL CHECK (length(secret_hash) = 32),
        scopes text[] NOT NULL CHECK (cardinality(scopes) > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX partner_keys_partner_id ON partner_keys (partner_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE partner_keys');
    await queryRunner.query('DROP TABLE partner_channels');
    await queryRunner.query('DROP TABLE partners');
  }
}
