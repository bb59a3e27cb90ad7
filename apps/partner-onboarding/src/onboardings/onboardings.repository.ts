import { isUUID } from 'class-validator';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '@pc/auth';
import type { EntityType, OnboardingStatus } from '@pc/contracts';
import { Onboarding, type HostedStep } from './onboarding.entity';
import type { OnboardingFacts } from './missing-segments';

interface OnboardingRow {
  id: string;
  seq: string;
  partner_id: string;
  channel: string;
  partner_external_ref: string;
  ref: string;
  status: OnboardingStatus;
  entity_type: EntityType | null;
  hosted_step: HostedStep;
  company: Record<string, unknown> | null;
  bank_account_profile: Record<string, unknown> | null;
  applicant_identity: Record<string, unknown> | null;
  representation: Onboarding['segments']['representation'];
  created_at: Date;
  updated_at: Date;
}

export interface OnboardingListRow {
  id: string;
  seq: string;
  ref: string;
  channel: string;
  status: OnboardingStatus;
}

export interface NewDraft {
  id: string;
  partnerId: string;
  channel: string;
  partnerExternalRef: string;
  ref: string;
}

function toOnboarding(row: OnboardingRow): Onboarding {
  return new Onboarding({
    id: row.id,
    seq: row.seq,
    partnerId: row.partner_id,
    channel: row.channel,
    partnerExternalRef: row.partner_external_ref,
    ref: row.ref,
    status: row.status,
    entityType: row.entity_type,
    hostedStep: row.hosted_step,
    segments: {
      company: row.company,
      bank_account_profile: row.bank_account_profile,
      applicant_identity: row.applicant_identity,
      representation: row.representation,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

/** Refs are path segments the partner chose; anything else cannot name an onboarding. */
export const REF_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Onboardings, always read through the caller's partner and channels. */
@Injectable()
export class OnboardingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts a draft unless one with the same key (or ref) exists; null when it did not insert. */
  async insertDraft(manager: EntityManager, draft: NewDraft): Promise<Onboarding | null> {
    const rows: OnboardingRow[] = await manager.query(
      `INSERT INTO onboardings (id, partner_id, channel, partner_external_ref, ref, status)
       VALUES ($1, $2, $3, $4, $5, 'draft')
       ON CONFLICT DO NOTHING
       RETURNING *`,
      [draft.id, draft.partnerId, draft.channel, draft.partnerExternalRef, draft.ref],
    );
    return rows[0] ? toOnboarding(rows[0]) : null;
  }

  async findByExternalRef(
    partnerId: string,
    channel: string,
    externalRef: string,
  ): Promise<Onboarding | null> {
    const rows: OnboardingRow[] = await this.dataSource.query(
      `SELECT * FROM onboardings WHERE partner_id = $1 AND channel = $2 AND partner_external_ref = $3`,
      [partnerId, channel, externalRef],
    );
    return rows[0] ? toOnboarding(rows[0]) : null;
  }

  async refTaken(partnerId: string, ref: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM onboardings WHERE partner_id = $1 AND ref = $2`,
      [partnerId, ref],
    );
    return rows.length > 0;
  }

  /** The onboarding `ref` of the caller's channels, or null (other partners' and channels' refs look unknown). */
  async findScoped(
    principal: Principal,
    ref: string,
    manager: EntityManager = this.dataSource.manager,
    lock = false,
  ) {
    if (!REF_PATTERN.test(ref)) return null;
    const rows: OnboardingRow[] = await manager.query(
      `SELECT * FROM onboardings WHERE partner_id = $1 AND channel = ANY($2::text[]) AND ref = $3
       ${lock ? 'FOR UPDATE' : ''}`,
      [principal.partnerId, principal.channels, ref],
    );
    return rows[0] ? toOnboarding(rows[0]) : null;
  }

  /** By id, for hosted links only (the link itself is the caller's authority). */
  async findById(id: string): Promise<Onboarding | null> {
    if (!isUUID(id, 'loose')) return null;
    const rows: OnboardingRow[] = await this.dataSource.query(
      `SELECT * FROM onboardings WHERE id = $1`,
      [id],
    );
    return rows[0] ? toOnboarding(rows[0]) : null;
  }

  /** Open onboardings untouched for `days`, locked (skipping ones a writer holds), oldest first. */
  async lockStale(manager: EntityManager, days: number, limit: number): Promise<Onboarding[]> {
    const rows: OnboardingRow[] = await manager.query(
      `SELECT * FROM onboardings
       WHERE status IN ('draft', 'awaiting_merchant') AND updated_at < now() - make_interval(days => $1)
       ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [days, limit],
    );
    return rows.map(toOnboarding);
  }

  /** One newest-first page (plus one row telling whether more exist) after the keyset position. */
  async listPage(
    principal: Principal,
    beforeSeq: string | null,
    limit: number,
  ): Promise<OnboardingListRow[]> {
    return this.dataSource.query(
      `SELECT id, seq, ref, channel, status FROM onboardings
       WHERE partner_id = $1 AND channel = ANY($2::text[]) AND ($3::bigint IS NULL OR seq < $3::bigint)
       ORDER BY seq DESC LIMIT $4`,
      [principal.partnerId, principal.channels, beforeSeq, limit],
    );
  }

  async save(manager: EntityManager, onboarding: Onboarding): Promise<void> {
    const { segments } = onboarding;
    await manager.query(
      `UPDATE onboardings SET status = $2, entity_type = $3, company = $4, bank_account_profile = $5,
         applicant_identity = $6, representation = $7, updated_at = now()
       WHERE id = $1`,
      [
        onboarding.id,
        onboarding.status,
        onboarding.entityType,
        segments.company,
        segments.bank_account_profile,
        segments.applicant_identity,
        segments.representation,
      ],
    );
  }

  /** Counts of the related rows that decide completeness, read in the writer's transaction. */
  async facts(manager: EntityManager, onboardingId: string): Promise<OnboardingFacts> {
    const [row]: Array<Record<keyof OnboardingFacts, number>> = await manager.query(
      `SELECT
         (SELECT count(*) FROM beneficial_owners WHERE onboarding_id = $1)::int AS "beneficialOwners",
         (SELECT count(*) FROM documents WHERE onboarding_id = $1 AND status = 'required')::int
           AS "outstandingRequiredDocuments",
         (SELECT count(*) FROM documents WHERE onboarding_id = $1 AND status = 'uploaded'
            AND document_type = 'power_of_attorney')::int AS "powersOfAttorney",
         (SELECT count(*) FROM invitations WHERE onboarding_id = $1 AND role = 'representative'
            AND (status = 'completed' OR (status = 'pending' AND expires_at > now())))::int
           AS "liveRepresentativeInvitations"`,
      [onboardingId],
    );
    return row;
  }
}
