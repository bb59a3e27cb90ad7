import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { DomainEvent } from '@pc/contracts';
import type { CursorPosition } from '@pc/http';
import { OutboxPublisher } from '@pc/messaging';
import { PreparedStatements } from '@pc/persistence';
import type { ListSessionsQuery } from './dto/list-sessions.query';
import { OPEN_STATUSES, type SessionStatus } from './session-status';
import { VerificationSession } from './verification-session.entity';

/** What every transition changes (status or steps): equal means nobody changed the session since. */
export interface SessionVersion {
  status: SessionStatus;
  steps: string;
}

interface SessionRow {
  id: string;
  partner_id: string;
  external_id: string | null;
  provider: VerificationSession['provider'];
  mode: VerificationSession['mode'];
  status: SessionStatus;
  steps: VerificationSession['steps'];
  request_fingerprint: string;
  result_status: VerificationSession['resultStatus'];
  confidence_score: string | null;
  verified_data: VerificationSession['verifiedData'];
  rejection_reasons: VerificationSession['rejectionReasons'];
  expiry_reason: VerificationSession['expiryReason'];
  ttl_seconds: number;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

// The request path reads and writes with plain SQL: building TypeORM queries and hydrating
// entities was a tenth of the service's CPU. Lists and the sweeper keep the query builder.
const COLUMNS = `id, partner_id, external_id, provider, mode, status, steps, request_fingerprint,
  result_status, confidence_score, verified_data, rejection_reasons, expiry_reason, ttl_seconds,
  expires_at, created_at, updated_at, finished_at`;

function toSession(row: SessionRow): VerificationSession {
  return Object.assign(new VerificationSession(), {
    id: row.id,
    partnerId: row.partner_id,
    externalId: row.external_id,
    provider: row.provider,
    mode: row.mode,
    status: row.status,
    steps: row.steps,
    requestFingerprint: row.request_fingerprint,
    resultStatus: row.result_status,
    confidenceScore: row.confidence_score === null ? null : Number(row.confidence_score),
    verifiedData: row.verified_data,
    rejectionReasons: row.rejection_reasons,
    expiryReason: row.expiry_reason,
    ttlSeconds: row.ttl_seconds,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  });
}

function json(value: unknown): string | null {
  return value === null ? null : JSON.stringify(value);
}

/**
 * Persistence of sessions. Writes that announce something take the events and store them in the
 * same statement (one round trip, atomic without a transaction); methods taking a manager run
 * inside the caller's transaction.
 */
@Injectable()
export class SessionsRepository {
  private readonly prepared: PreparedStatements;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxPublisher,
  ) {
    this.prepared = new PreparedStatements(dataSource);
  }

  /** Inserts unless the partner already has this external_id, with its events; says whether it inserted. */
  async insertIfNew(session: VerificationSession, events: DomainEvent[]): Promise<boolean> {
    const rows = await this.outbox.publishWithChange(
      this.prepared,
      {
        sql: `INSERT INTO verification_sessions (${COLUMNS})
              VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
              ON CONFLICT DO NOTHING RETURNING id`,
        params: [
          session.id,
          session.partnerId,
          session.externalId,
          session.provider,
          session.mode,
          session.status,
          json(session.steps),
          session.requestFingerprint,
          session.resultStatus,
          session.confidenceScore,
          json(session.verifiedData),
          json(session.rejectionReasons),
          session.expiryReason,
          session.ttlSeconds,
          session.expiresAt,
          session.createdAt,
          session.updatedAt,
          session.finishedAt,
        ],
      },
      events,
    );
    return rows.length > 0;
  }

  findByExternalId(partnerId: string, externalId: string): Promise<VerificationSession | null> {
    return this.findOne(`partner_id = $1 AND external_id = $2`, [partnerId, externalId]);
  }

  find(partnerId: string, id: string): Promise<VerificationSession | null> {
    return this.findOne(`partner_id = $1 AND id = $2`, [partnerId, id]);
  }

  /** The session's state as read, to hand back to `saveIfUnchanged` after a transition. */
  versionOf(session: VerificationSession): SessionVersion {
    return { status: session.status, steps: JSON.stringify(session.steps) };
  }

  /**
   * Stores a transition and its events only if the row still holds `read` (compare-and-set): of
   * two transitions started from the same state, exactly one is saved. False when it lost.
   */
  async saveIfUnchanged(
    session: VerificationSession,
    read: SessionVersion,
    events: DomainEvent[],
  ): Promise<boolean> {
    const rows = await this.outbox.publishWithChange(
      this.prepared,
      {
        sql: `UPDATE verification_sessions SET status = $3, steps = $4, result_status = $5,
                confidence_score = $6, verified_data = $7, rejection_reasons = $8, expiry_reason = $9,
                updated_at = $10, finished_at = $11
              WHERE id = $1 AND partner_id = $2 AND status = $12 AND steps = $13::jsonb
              RETURNING id`,
        params: [
          session.id,
          session.partnerId,
          session.status,
          json(session.steps),
          session.resultStatus,
          session.confidenceScore,
          json(session.verifiedData),
          json(session.rejectionReasons),
          session.expiryReason,
          session.updatedAt,
          session.finishedAt,
          read.status,
          read.steps,
        ],
      },
      events,
    );
    return rows.length > 0;
  }

  private async findOne(where: string, params: unknown[]): Promise<VerificationSession | null> {
    const rows = await this.prepared.query<SessionRow[]>(
      `SELECT ${COLUMNS} FROM verification_sessions WHERE ${where}`,
      params,
    );
    return rows.length > 0 ? toSession(rows[0]) : null;
  }

  /**
   * Open sessions whose TTL has elapsed, locked; rows another replica (or a completion) holds are
   * skipped, so every session is claimed by exactly one sweeper.
   */
  claimDue(manager: EntityManager, now: Date, limit: number): Promise<VerificationSession[]> {
    return manager
      .createQueryBuilder(VerificationSession, 's')
      .where('s.status IN (:...open)', { open: OPEN_STATUSES })
      .andWhere('s.expires_at <= :now', { now })
      .orderBy('s.expires_at', 'ASC')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
  }

  /** Marks the claimed sessions expired by TTL in one statement. */
  async saveExpired(
    manager: EntityManager,
    sessions: VerificationSession[],
    now: Date,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(VerificationSession)
      .set({ status: 'expired', expiryReason: 'ttl', updatedAt: now, finishedAt: now })
      .whereInIds(sessions.map((session) => session.id))
      .execute();
  }

  /** Newest first by (created_at, id); `after` is the last row of the previous page. */
  page(partnerId: string, filters: ListSessionsQuery, after: CursorPosition | null, limit: number) {
    const query = this.dataSource.manager
      .createQueryBuilder(VerificationSession, 's')
      .where('s.partner_id = :partnerId', { partnerId });
    applyFilters(query, filters);
    if (after) {
      query.andWhere('(s.created_at, s.id) < (:afterKey::timestamptz, :afterId::uuid)', {
        afterKey: after.k,
        afterId: after.id,
      });
    }
    return query.orderBy('s.created_at', 'DESC').addOrderBy('s.id', 'DESC').limit(limit).getMany();
  }
}

function applyFilters(
  query: SelectQueryBuilder<VerificationSession>,
  filters: ListSessionsQuery,
): void {
  if (filters.status) query.andWhere('s.status = :status', { status: filters.status });
  if (filters.provider) query.andWhere('s.provider = :provider', { provider: filters.provider });
  if (filters.external_id)
    query.andWhere('s.external_id = :externalId', { externalId: filters.external_id });
  if (filters.created_from)
    query.andWhere('s.created_at >= :createdFrom', { createdFrom: filters.created_from });
  if (filters.created_to)
    query.andWhere('s.created_at < :createdTo', { createdTo: filters.created_to });
  if (filters.updated_from)
    query.andWhere('s.updated_at >= :updatedFrom', { updatedFrom: filters.updated_from });
  if (filters.updated_to)
    query.andWhere('s.updated_at < :updatedTo', { updatedTo: filters.updated_to });
}
