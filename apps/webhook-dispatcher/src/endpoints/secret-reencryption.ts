import type { DataSource } from 'typeorm';
import type { SecretCipher } from './secret-cipher';

const BATCH = 200;

interface SecretRow {
  id: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
}

export interface ReencryptionOutcome {
  reencrypted: number;
  alreadyCurrent: number;
}

/**
 * The last step of a key rotation: every endpoint's signing secret (and the previous secret of an
 * overlapping secret rotation) encrypted again with the current key. Rows are locked batch by
 * batch, so it runs beside live dispatchers and API calls; running it again changes nothing.
 */
export async function reencryptSecrets(
  dataSource: DataSource,
  cipher: SecretCipher,
): Promise<ReencryptionOutcome> {
  const outcome: ReencryptionOutcome = { reencrypted: 0, alreadyCurrent: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await dataSource.transaction(async (manager) => {
      const batch: SecretRow[] = await manager.query(
        `SELECT id, secret_ciphertext, previous_secret_ciphertext FROM webhook_endpoints
         WHERE id > $1 ORDER BY id LIMIT $2 FOR UPDATE`,
        [after, BATCH],
      );
      for (const row of batch) {
        const stale = (stored: string | null) =>
          stored !== null && !cipher.isCurrent(stored, row.id);
        if (!stale(row.secret_ciphertext) && !stale(row.previous_secret_ciphertext)) {
          outcome.alreadyCurrent++;
          continue;
        }
        const again = (stored: string | null) =>
          stored === null ? null : cipher.encrypt(cipher.decrypt(stored, row.id), row.id);
        await manager.query(
          `UPDATE webhook_endpoints SET secret_ciphertext = $2, previous_secret_ciphertext = $3
           WHERE id = $1`,
          [row.id, again(row.secret_ciphertext), again(row.previous_secret_ciphertext)],
        );
        outcome.reencrypted++;
      }
      return batch;
    });
    if (rows.length < BATCH) return outcome;
    after = rows[rows.length - 1].id;
  }
}
