import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { resolveChannel, type Principal } from '@pc/auth';
import { decodeCursor, ProblemException, toPage, type PageQueryDto } from '@pc/http';
import { OutboxPublisher } from '@pc/messaging';
import { OnboardingEvent, type OnboardingCreatedData } from '@pc/contracts';
import { DocumentsRepository, type DocumentRow } from '../documents/documents.repository';
import { HostedLinks } from '../hosted-links/hosted-links';
import { toInvitedItem } from '../invitations/dto/invitation.responses';
import { InvitationsRepository } from '../invitations/invitations.repository';
import type { CreateDraftDto } from './dto/create-draft.dto';
import type {
  FinalizeResponse,
  NextAction,
  OnboardingDraftResponse,
  OnboardingPage,
  OnboardingStatusResponse,
  RequiredDocument,
} from './dto/onboarding.responses';
import { missingSegments } from './missing-segments';
import type { Onboarding } from './onboarding.entity';
import { OnboardingsRepository, REF_PATTERN } from './onboardings.repository';

export function toRequiredDocument(row: DocumentRow): RequiredDocument {
  return {
    document_id: row.id,
    document_type: row.document_type,
    required_for: row.required_for as string,
    status: row.status,
  };
}

function toDraftResponse(onboarding: Onboarding): OnboardingDraftResponse {
  return {
    id: onboarding.id,
    ref: onboarding.ref,
    partner_external_ref: onboarding.partnerExternalRef,
    channel: onboarding.channel,
    status: onboarding.status,
    created_at: onboarding.createdAt.toISOString(),
  };
}

/** Drafts: create (idempotent per channel), list, status and the read-only finalize. */
@Injectable()
export class OnboardingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly onboardings: OnboardingsRepository,
    private readonly invitations: InvitationsRepository,
    private readonly documents: DocumentsRepository,
    private readonly outbox: OutboxPublisher,
    private readonly links: HostedLinks,
  ) {}

  /**
   * `partner_external_ref` is the idempotency key within the channel: the unique constraint decides
   * which of any number of concurrent creates inserts; the others read the committed draft back.
   */
  async createDraft(
    principal: Principal,
    dto: CreateDraftDto,
  ): Promise<{ created: boolean; draft: OnboardingDraftResponse }> {
    const channel = resolveChannel(principal, dto.channel);
    const ref = dto.ref ?? dto.partner_external_ref;
    if (!REF_PATTERN.test(ref)) {
      throw ProblemException.validation([
        {
          field: 'ref',
          code: 'required',
          message: 'ref is required when partner_external_ref is not a valid ref',
        },
      ]);
    }
    const draft = {
      id: randomUUID(),
      partnerId: principal.partnerId,
      channel,
      partnerExternalRef: dto.partner_external_ref,
      ref,
    };
    const inserted = await this.dataSource.transaction(async (manager) => {
      const onboarding = await this.onboardings.insertDraft(manager, draft);
      if (!onboarding) return null;
      onboarding.record<OnboardingCreatedData>(OnboardingEvent.Created, {
        ...onboarding.refData(),
        status: onboarding.status,
        partner_external_ref: onboarding.partnerExternalRef,
      });
      await this.outbox.publish(manager, onboarding.pullEvents());
      return onboarding;
    });
    if (inserted) return { created: true, draft: toDraftResponse(inserted) };
    const existing = await this.onboardings.findByExternalRef(
      principal.partnerId,
      channel,
      dto.partner_external_ref,
    );
    if (existing && (dto.ref === undefined || dto.ref === existing.ref))
      return { created: false, draft: toDraftResponse(existing) };
    if (existing) {
      throw new ProblemException({
        status: 409,
        code: 'ref_mismatch',
        title: 'Ref does not match',
        detail: `This partner_external_ref already has a draft with ref "${existing.ref}".`,
        errors: [
          {
            field: 'ref',
            code: 'ref_mismatch',
            message: 'differs from the ref of the existing draft',
          },
        ],
      });
    }
    throw new ProblemException({
      status: 409,
      code: 'ref_taken',
      title: 'Ref taken',
      detail: 'Another onboarding of this partner already uses this ref.',
      errors: [
        { field: 'ref', code: 'ref_taken', message: 'ref is already used by another onboarding' },
      ],
    });
  }

  async list(principal: Principal, query: PageQueryDto): Promise<OnboardingPage> {
    // The key is the row's sequence number.
    const position = query.cursor
      ? decodeCursor(query.cursor, (candidate) => /^\d{1,18}$/.test(candidate.k))
      : null;
    const rows = await this.onboardings.listPage(
      principal,
      position?.k ?? null,
      query.per_page + 1,
    );
    return toPage(
      rows,
      query.per_page,
      (row) => ({ k: String(row.seq), id: row.id }),
      (row) => ({
        id: row.id,
        ref: row.ref,
        channel: row.channel,
        status: row.status,
      }),
    );
  }

  async status(principal: Principal, ref: string): Promise<OnboardingStatusResponse> {
    const onboarding = await this.require(principal, ref);
    const invitations = await this.invitations.listByOnboarding(onboarding.id);
    const now = new Date();
    return {
      id: onboarding.id,
      ref: onboarding.ref,
      channel: onboarding.channel,
      status: onboarding.status,
      next_action: this.nextAction(onboarding),
      invited: invitations.map((invitation) => toInvitedItem(invitation, now)),
    };
  }

  /** Read-only: reports what is outstanding and hands off to the hosted flow; never changes anything. */
  async finalize(principal: Principal, ref: string): Promise<FinalizeResponse> {
    const onboarding = await this.require(principal, ref);
    const manager = this.dataSource.manager;
    const [facts, required] = await Promise.all([
      this.onboardings.facts(manager, onboarding.id),
      this.documents.listRequired(manager, onboarding.id),
    ]);
    return {
      ref: onboarding.ref,
      status: onboarding.status,
      next_action: this.nextAction(onboarding),
      missing: missingSegments(onboarding.entityType, onboarding.segments, facts),
      required_documents: required.map(toRequiredDocument),
    };
  }

  private nextAction(onboarding: Onboarding): NextAction {
    return { url: onboarding.awaitsMerchant ? this.links.onboardingUrl(onboarding.id) : null };
  }

  private async require(principal: Principal, ref: string): Promise<Onboarding> {
    const onboarding = await this.onboardings.findScoped(principal, ref);
    if (!onboarding) throw ProblemException.notFound('Onboarding');
    return onboarding;
  }
}
