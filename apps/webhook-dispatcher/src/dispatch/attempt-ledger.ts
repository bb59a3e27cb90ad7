import type { DataSource } from 'typeorm';
import { DISABLE_AFTER_FAILED_DELIVERIES } from '../endpoints/webhook-endpoint.entity';
import type { DeliveryTicket } from './delivery-ticket';

/** A delivery whose attempt this process may now make (it holds the lease until `now + lease`). */
export interface ClaimedAttempt extends DeliveryTicket {
  cycleStart: number;
  eventId: string;
  body: string;
  url: string;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  createdAt: Date;
}

export type ClaimResult =
  { kind: 'claimed'; attempt: ClaimedAttempt } | { kind: 'skipped' } | { kind: 'stale' };

/** `success`, `retry` (failed, another attempt follows) or `final` (failed, it was the last one). */
export type AttemptKind = 'success' | 'retry' | 'final';

export interface AttemptRecord {
  deliveryId: string;
  attemptNumber: number;
  kind: AttemptKind;
  retryDelayMs: number | null;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  errorClass: string | null;
  responseExcerpt: string | null;
}

/** An endpoint whose counters changed in a recorded batch. */
export interface EndpointChange {
  endpointId: string;
  partnerId: string;
  failureCount: number;
  failuresAdded: number;
  reset: boolean;
  disabledNow: boolean;
}

export interface RecordedBatch {
  /** Per record, in order: false when the delivery had moved on (a duplicate attempt) and nothing was written. */
  applied: boolean[];
  /** Creation time of each applied delivery (for the end-to-end latency metric). */
  createdAt: Array<Date | null>;
  endpoints: EndpointChange[];
}

const CLAIM_SQL = `
WITH input AS (
  SELECT * FROM unnest($1::uuid[], $2::int[]) AS i(id, n)
), claimed AS (
  UPDATE webhook_deliveries d
     SET claimed_attempt = i.n, next_attempt_at = now() + $3::int * interval '1 millisecond'
    FROM input i, webhook_endpoints e
   WHERE d.id = i.id AND e.id = d.endpoint_id AND e.is_active
     AND d.status = 'pending' AND d.attempts_made = i.n - 1
     AND (d.claimed_attempt IS DISTINCT FROM i.n OR d.next_attempt_at < now())
  RETURNING d.id, i.n, d.cycle_start, d.event_id, d.body, d.created_at, e.id AS endpoint_id, e.url,
            e.secret_ciphertext,
            CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret_ciphertext END AS previous_secret_ciphertext
), skipped AS (
  UPDATE webhook_deliveries d
     SET status = 'skipped', claimed_attempt = NULL, next_attempt_at = NULL, completed_at = now()
    FROM input i, webhook_endpoints e
   WHERE d.id = i.id AND e.id = d.endpoint_id AND NOT e.is_active AND d.status = 'pending'
     AND (d.claimed_attempt IS NULL OR d.next_attempt_at < now())
  RETURNING d.id
)
SELECT 'claimed' AS outcome, c.* FROM claimed c
UNION ALL
SELECT 'skipped', s.id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM skipped s`;

/*
 * One statement, so one implicit transaction, for a whole batch of attempt results: the deliveries
 * move on (only if still at the expected attempt: a duplicate changes nothing), the attempts are
 * stored, and each endpoint's counters change by one relative UPDATE. Within the batch a success
 * resets the count and only final failures after the endpoint's last success add to it.
 */
const RECORD_SQL = `
WITH r AS (
  SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[], $5::int[], $6::timestamptz[], $7::int[],
                       $8::int[], $9::text[], $10::text[])
    AS r(delivery_id, attempt_number, seq, kind, retry_delay_ms, attempted_at, duration_ms, status_code, error_class, excerpt)
), applied AS (
  UPDATE webhook_deliveries d
     SET status = CASE r.kind WHEN 'success' THEN 'succeeded' WHEN 'final' THEN 'failed' ELSE 'pending' END,
         attempts_made = r.attempt_number,
         claimed_attempt = NULL,
         next_attempt_at = CASE WHEN r.kind = 'retry' THEN now() + r.retry_delay_ms * interval '1 millisecond' END,
         last_attempt_at = r.attempted_at,
         completed_at = CASE WHEN r.kind = 'retry' THEN NULL ELSE now() END
    FROM r
   WHERE d.id = r.delivery_id AND d.status = 'pending' AND d.attempts_made = r.attempt_number - 1
  RETURNING d.id, d.endpoint_id, d.created_at, r.attempt_number, r.seq, r.kind,
            r.attempted_at + r.duration_ms * interval '1 millisecond' AS ended_at
), attempts AS (
  INSERT INTO webhook_delivery_attempts
         (delivery_id, attempt_number, attempted_at, duration_ms, outcome, status_code, error_class, response_excerpt)
  SELECT r.delivery_id, r.attempt_number, r.attempted_at, r.duration_ms,
         CASE WHEN r.kind = 'success' THEN 'success' ELSE 'failure' END, r.status_code, r.error_class, r.excerpt
    FROM r JOIN applied a ON a.id = r.delivery_id AND a.attempt_number = r.attempt_number
  ON CONFLICT DO NOTHING
), per_endpoint AS (
  SELECT endpoint_id,
         max(seq) FILTER (WHERE kind = 'success') AS last_success_seq,
         max(ended_at) AS triggered_at,
         max(ended_at) FILTER (WHERE kind = 'success') AS success_at,
         max(ended_at) FILTER (WHERE kind = 'final') AS failure_at
    FROM applied GROUP BY endpoint_id
), changes AS (
  SELECT p.*, p.last_success_seq IS NOT NULL AS reset,
         (SELECT count(*)::int FROM applied a
           WHERE a.endpoint_id = p.endpoint_id AND a.kind = 'final' AND a.seq > coalesce(p.last_success_seq, -1)) AS failures
    FROM per_endpoint p
), endpoints AS (
  UPDATE webhook_endpoints e
     SET failure_count = CASE WHEN c.reset THEN c.failures ELSE e.failure_count + c.failures END,
         last_triggered_at = GREATEST(e.last_triggered_at, c.triggered_at),
         last_success_at = GREATEST(e.last_success_at, c.success_at),
         last_failure_at = GREATEST(e.last_failure_at, c.failure_at),
         disabled_at = CASE
           WHEN e.disabled_at IS NULL AND (CASE WHEN c.reset THEN c.failures ELSE e.failure_count + c.failures END) >= $11
           THEN now() ELSE e.disabled_at END,
         is_active = e.is_active AND (CASE WHEN c.reset THEN c.failures ELSE e.failure_count + c.failures END) < $11
    FROM changes c
   WHERE e.id = c.endpoint_id
  RETURNING e.id, e.partner_id, e.failure_count, c.failures, c.reset, e.disabled_at IS NOT NULL AND e.disabled_at = now() AS disabled_now
)
SELECT 'delivery' AS row_kind, a.id, a.attempt_number, a.created_at, NULL::text AS partner_id,
       NULL::int AS failure_count, NULL::int AS failures, NULL::boolean AS reset, NULL::boolean AS disabled_now
  FROM applied a
UNION ALL
SELECT 'endpoint', e.id, NULL, NULL, e.partner_id, e.failure_count, e.failures, e.reset, e.disabled_now FROM endpoints e`;

interface ClaimRow {
  outcome: 'claimed' | 'skipped';
  id: string;
  n: number;
  cycle_start: number;
  event_id: string;
  body: string;
  created_at: Date;
  endpoint_id: string;
  url: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
}

interface RecordRow {
  row_kind: 'delivery' | 'endpoint';
  id: string;
  attempt_number: number | null;
  created_at: Date | null;
  partner_id: string | null;
  failure_count: number | null;
  failures: number | null;
  reset: boolean | null;
  disabled_now: boolean | null;
}

/** The SQL of the attempt path: claiming attempts and recording their results, a batch per statement. */
export class AttemptLedger {
  constructor(
    private readonly dataSource: DataSource,
    private readonly leaseMs: number,
  ) {}

  async claim(tickets: DeliveryTicket[]): Promise<ClaimResult[]> {
    const rows: ClaimRow[] = await this.dataSource.query(CLAIM_SQL, [
      tickets.map((ticket) => ticket.deliveryId),
      tickets.map((ticket) => ticket.attemptNumber),
      this.leaseMs,
    ]);
    const claimed = new Map<string, ClaimRow>();
    const skipped = new Set<string>();
    for (const row of rows) {
      if (row.outcome === 'skipped') skipped.add(row.id);
      else claimed.set(`${row.id}:${row.n}`, row);
    }
    return tickets.map((ticket) => {
      const key = `${ticket.deliveryId}:${ticket.attemptNumber}`;
      const row = claimed.get(key);
      if (row) {
        // A duplicate ticket in the same batch gets nothing: one attempt per (delivery, number).
        claimed.delete(key);
        return { kind: 'claimed', attempt: toClaimed(row) };
      }
      return skipped.delete(ticket.deliveryId) ? { kind: 'skipped' } : { kind: 'stale' };
    });
  }

  async record(records: AttemptRecord[]): Promise<RecordedBatch> {
    const rows: RecordRow[] = await this.dataSource.query(RECORD_SQL, [
      records.map((record) => record.deliveryId),
      records.map((record) => record.attemptNumber),
      records.map((_record, index) => index),
      records.map((record) => record.kind),
      records.map((record) => record.retryDelayMs),
      records.map((record) => record.startedAt),
      records.map((record) => record.durationMs),
      records.map((record) => record.statusCode),
      records.map((record) => record.errorClass),
      records.map((record) => record.responseExcerpt),
      DISABLE_AFTER_FAILED_DELIVERIES,
    ]);
    const applied = new Map<string, Date | null>();
    const endpoints: EndpointChange[] = [];
    for (const row of rows) {
      if (row.row_kind === 'delivery')
        applied.set(`${row.id}:${row.attempt_number}`, row.created_at);
      else {
        endpoints.push({
          endpointId: row.id,
          partnerId: row.partner_id ?? '',
          failureCount: row.failure_count ?? 0,
          failuresAdded: row.failures ?? 0,
          reset: row.reset ?? false,
          disabledNow: row.disabled_now ?? false,
        });
      }
    }
    const keys = records.map((record) => `${record.deliveryId}:${record.attemptNumber}`);
    return {
      applied: keys.map((key) => applied.has(key)),
      createdAt: keys.map((key) => applied.get(key) ?? null),
      endpoints,
    };
  }
}

function toClaimed(row: ClaimRow): ClaimedAttempt {
  return {
    deliveryId: row.id,
    endpointId: row.endpoint_id,
    attemptNumber: row.n,
    cycleStart: row.cycle_start,
    eventId: row.event_id,
    body: row.body,
    url: row.url,
    secretCiphertext: row.secret_ciphertext,
    previousSecretCiphertext: row.previous_secret_ciphertext,
    createdAt: row.created_at,
  };
}
