import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import { SecretCipher } from '../src/endpoints/secret-cipher';
import { reencryptSecrets } from '../src/endpoints/secret-reencryption';
import { webhookDispatcherDataSourceOptions } from '../src/webhook-dispatcher.datasource';

describe('re-encrypting signing secrets after a key rotation (real PostgreSQL)', () => {
  const oldKey = randomBytes(32).toString('base64');
  const newKey = randomBytes(32).toString('base64');
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('webhook_reencrypt', webhookDispatcherDataSourceOptions);
    dataSource = new DataSource(webhookDispatcherDataSourceOptions(db.config));
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource.destroy();
    await db.drop();
  });

  async function endpoint(cipher: SecretCipher, secret: string, previous: string | null) {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO webhook_endpoints (id, partner_id, url, events, secret_ciphertext, previous_secret_ciphertext)
       VALUES ($1, 'prt_1', 'https://example.com/hook', '{*}', $2, $3)`,
      [id, cipher.encrypt(secret, id), previous === null ? null : cipher.encrypt(previous, id)],
    );
    return id;
  }

  it('moves every secret to the current key, previous secrets included, and is idempotent', async () => {
    const before = new SecretCipher(oldKey);
    const rotating = new SecretCipher(newKey, [oldKey]);
    const plain = await endpoint(before, 'whsec_a', null);
    const overlapping = await endpoint(before, 'whsec_b', 'whsec_b_previous');
    const alreadyNew = await endpoint(rotating, 'whsec_c', null);

    expect(await reencryptSecrets(dataSource, rotating)).toEqual({
      reencrypted: 2,
      alreadyCurrent: 1,
    });

    const after = new SecretCipher(newKey);
    const rows: Array<{
      id: string;
      secret_ciphertext: string;
      previous_secret_ciphertext: string | null;
    }> = await dataSource.query(
      `SELECT id, secret_ciphertext, previous_secret_ciphertext FROM webhook_endpoints`,
    );
    const secrets = Object.fromEntries(
      rows.map((row) => [
        row.id,
        [
          after.decrypt(row.secret_ciphertext, row.id),
          row.previous_secret_ciphertext && after.decrypt(row.previous_secret_ciphertext, row.id),
        ],
      ]),
    );
    expect(secrets).toEqual({
      [plain]: ['whsec_a', null],
      [overlapping]: ['whsec_b', 'whsec_b_previous'],
      [alreadyNew]: ['whsec_c', null],
    });

    expect(await reencryptSecrets(dataSource, rotating)).toEqual({
      reencrypted: 0,
      alreadyCurrent: 3,
    });
  });
});
