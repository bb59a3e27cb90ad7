import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { CursorPosition } from '@pc/http';
import type { ListSessionsQuery } from './dto/list-sessions.query';
import { OPEN_STATUSES } from './session-status';
import { VerificationSession } from './verification-session.entity';

/** The state columns a transition may change; identity and creation data never change. */
function statePatch(session: VerificationSession) {
  return {
    status: session.status,
    steps: session.steps,
    resultStatus: session.resultStatus,
    confidenceScore: session.confidenceScore,
    verifiedData: session.verifiedData,
    rejectionReasons: session.rejectionReasons,
    expiryReason: session.expiryReason,
    updatedAt: session.updatedAt,
    finishedAt: session.finishedAt,
  };
}

/** Persistence of sessions. Methods taking a manager run inside the caller's transaction. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts unless the partner already has this external_id; says whether it inserted. */
  async insertIfNew(manager: EntityManager, session: VerificationSession): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(VerificationSession)
      .values(session)
      .orIgnore()
      .returning(['id'])
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  findByExternalId(partnerId: string, externalId: string): Promise<VerificationSession | null> {
    return this.dataSource.manager.findOneBy(VerificationSession, { partnerId, externalId });
  }

  find(partnerId: string, id: string): Promise<VerificationSession | null> {
    return this.dataSource.manager.findOneBy(VerificationSession, { partnerId, id });
  }

  /** Loads the session with a row lock: transitions on one session happen one at a time. */
  lock(manager: EntityManager, partnerId: string, id: string): Promise<VerificationSession | null> {
    return manager.findOne(VerificationSession, {
      where: { partnerId, id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async saveState(manager: EntityManager, session: VerificationSession): Promise<void> {
    await manager.update(VerificationSession, { id: session.id }, statePatch(session));
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
