import { createEvent, type DomainEvent } from '@pc/contracts';
import { ProblemException } from '@pc/http';
import {
  OnboardingEvent,
  type EntityType,
  type OnboardingRefData,
  type OnboardingSegment,
  type OnboardingStatus,
} from '@pc/contracts';
import { canTransition, EDITABLE_STATUSES, MERCHANT_ACTION_STATUSES } from './onboarding-status';

/** Where the merchant is in the hosted flow; only the merchant's own acts move it. */
export const HOSTED_STEPS = [
  'contact_verification',
  'identity_verification',
  'statutory_declarations',
  'agreement_signing',
  'verification_transfer',
  'completed',
] as const;
export type HostedStep = (typeof HOSTED_STEPS)[number];

export type RepresentationMode = 'solo' | 'co_representative' | 'proxy';

export interface RepresentationSegment {
  represents_company: boolean;
  representation_mode: RepresentationMode;
  requires_invitation_or_poa: boolean;
}

/** The saved data segments, as stored (jsonb). Shapes are owned by each segment's module. */
export interface OnboardingSegments {
  company: Record<string, unknown> | null;
  bank_account_profile: Record<string, unknown> | null;
  applicant_identity: Record<string, unknown> | null;
  representation: RepresentationSegment | null;
}

export interface OnboardingState {
  id: string;
  seq: string;
  partnerId: string;
  channel: string;
  partnerExternalRef: string;
  ref: string;
  status: OnboardingStatus;
  entityType: EntityType | null;
  hostedStep: HostedStep;
  segments: OnboardingSegments;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A merchant onboarding under a partner's channel. Holds the rules that need nothing but its own
 * state: who may change it, which segments apply to its entity type, and its status transitions
 * (each one recorded as an event for the outbox).
 */
export class Onboarding {
  private readonly events: DomainEvent[] = [];

  constructor(private readonly state: OnboardingState) {}

  get id() {
    return this.state.id;
  }
  get seq() {
    return this.state.seq;
  }
  get ref() {
    return this.state.ref;
  }
  get channel() {
    return this.state.channel;
  }
  get partnerId() {
    return this.state.partnerId;
  }
  get partnerExternalRef() {
    return this.state.partnerExternalRef;
  }
  get status() {
    return this.state.status;
  }
  get entityType() {
    return this.state.entityType;
  }
  get hostedStep() {
    return this.state.hostedStep;
  }
  get segments(): Readonly<OnboardingSegments> {
    return this.state.segments;
  }
  get createdAt() {
    return this.state.createdAt;
  }

  /** Whether the merchant has personal acts left in the hosted flow (so a hosted link is offered). */
  get awaitsMerchant(): boolean {
    return MERCHANT_ACTION_STATUSES.includes(this.state.status);
  }

  requireEditable(): void {
    if (EDITABLE_STATUSES.includes(this.state.status)) return;
    throw new ProblemException({
      status: 409,
      code: 'onboarding_not_editable',
      title: 'Onboarding not editable',
      detail: `The onboarding is ${this.state.status}; its data can no longer be changed.`,
    });
  }

  /** The entity type set by the company segment; the segments that depend on it need it first. */
  requireEntityType(): EntityType {
    if (this.state.entityType) return this.state.entityType;
    throw ProblemException.unprocessable(
      'entity_type_not_set',
      'Entity type not set',
      'Set the company data segment (PATCH …/company) first.',
      [
        {
          field: 'company',
          code: 'entity_type_not_set',
          message: 'the company data segment must be set first',
        },
      ],
    );
  }

  requireEntityTypeIn(allowed: readonly EntityType[], operation: string): EntityType {
    const entityType = this.requireEntityType();
    if (allowed.includes(entityType)) return entityType;
    throw ProblemException.unprocessable(
      'not_applicable_to_entity_type',
      'Not applicable to this entity type',
      `${operation} applies to ${allowed.join(' or ')} onboardings; this one is ${entityType}.`,
      [
        {
          field: 'entity_type',
          code: 'not_applicable_to_entity_type',
          message: `${operation} is not available for ${entityType}`,
        },
      ],
    );
  }

  /** Saves the company segment. It never touches the hosted step: the merchant's position stays put. */
  setCompany(company: Record<string, unknown>, entityType: EntityType): void {
    this.state.segments.company = company;
    if (entityType !== 'company') this.state.segments.representation = null;
    this.state.entityType = entityType;
    this.segmentSaved('company');
  }

  setBankAccountProfile(segment: Record<string, unknown>): void {
    this.state.segments.bank_account_profile = segment;
    this.segmentSaved('bank_account_profile');
  }

  setApplicantIdentity(segment: Record<string, unknown>): void {
    this.state.segments.applicant_identity = segment;
    this.segmentSaved('applicant_identity');
  }

  setRepresentation(segment: RepresentationSegment): void {
    this.state.segments.representation = segment;
    this.segmentSaved('representation');
  }

  transitionTo(next: OnboardingStatus): void {
    const previous = this.state.status;
    if (previous === next) return;
    if (!canTransition(previous, next)) {
      throw new Error(`onboarding ${this.state.id}: ${previous} → ${next} is not a transition`);
    }
    this.state.status = next;
    this.record(OnboardingEvent.StatusChanged, {
      ...this.refData(),
      status: next,
      previous_status: previous,
    });
    if (next === 'active') {
      this.record(OnboardingEvent.Activated, {
        ...this.refData(),
        entity_type: this.state.entityType,
      });
    }
  }

  refData(): OnboardingRefData {
    return { onboarding_id: this.state.id, ref: this.state.ref, channel: this.state.channel };
  }

  /** Records an event about this onboarding, to be written to the outbox with the change. */
  record<TData>(type: string, data: TData): void {
    this.events.push(
      createEvent(type, data, { partner_id: this.state.partnerId, channel: this.state.channel }),
    );
  }

  pullEvents(): DomainEvent[] {
    return this.events.splice(0, this.events.length);
  }

  private segmentSaved(segment: OnboardingSegment): void {
    this.record(OnboardingEvent.SegmentSaved, {
      ...this.refData(),
      segment,
      entity_type: this.state.entityType,
    });
  }
}
