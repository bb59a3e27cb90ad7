import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export const IDEMPOTENCY_TTL_HOURS = 24;
/** An in-flight claim older than this is taken to be from a crashed process and may be retaken. */
export const IN_FLIGHT_STALE_SECONDS = 120;

export type ClaimResult =
  | { outcome: 'claimed' }
  | { outcome: 'in_flight' }
  | { outcome: 'mismatch' }
  | { outcome: 'replay'; status: number; body: string; headers: Record<string, string> };

interface StoredKeyRow {
  request_hash: string;
  state: 'in_flight' | 'completed';
  response_status: number | null;
  response_body: string | null;
  response_headers: Record<string, string> | null;
}

/** Repository of idempotency keys: claims a key atomically, stores the first response, replays it. */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly dataSource: DataSource) {}

  async claim(owner: string, key: string, requestHash: string): Promise<ClaimResult> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_keys (owner, key, request_hash, state, expires_at)
       VALUES ($1, $2, $3, 'in_flight', now() + interval '${IDEMPOTENCY_TTL_HOURS} hours')
       ON CONFLICT (owner, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, state = 'in_flight', created_at = now(),
             response_status = NULL, response_body = NULL, response_headers = NULL,
             expires_at = EXCLUDED.expires_at
         WHERE idempotency_keys.expires_at < now()
            OR (idempotency_keys.state = 'in_flight'
                AND idempotency_keys.created_at < now() - interval '${IN_FLIGHT_STALE_SECONDS} seconds')
       RETURNING 1`,
      [owner, key, requestHash],
    );
    if (inserted.length > 0) return { outcome: 'claimed' };
    const rows: StoredKeyRow[] = await this.dataSource.query(
      `SELECT request_hash, state, response_status, response_body, response_headers
         FROM idempotency_keys WHERE owner = $1 AND key = $2`,
      [owner, key],
    );
    const row = rows[0];
    if (!row) return this.claim(owner, key, requestHash);
    if (row.request_hash !== requestHash) return { outcome: 'mismatch' };
    if (row.state === 'in_flight') return { outcome: 'in_flight' };
    return {
      outcome: 'replay',
      status: row.response_status ?? 200,
      body: row.response_body ?? '',
      headers: row.response_headers ?? {},
    };
  }

  async complete(
    owner: string,
    key: string,
    status: number,
    body: string,
    headers: Record<string, string>,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys
          SET state = 'completed', response_status = $3, response_body = $4, response_headers = $5
        WHERE owner = $1 AND key = $2`,
      [owner, key, status, body, JSON.stringify(headers)],
    );
  }

  /** Forgets a claim whose request failed unexpectedly, so the client may retry with the same key. */
  async release(owner: string, key: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE owner = $1 AND key = $2 AND state = 'in_flight'`,
      [owner, key],
    );
  }
}
