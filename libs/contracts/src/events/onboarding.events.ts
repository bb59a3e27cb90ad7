/** Partner onboarding events (partner-onboarding service; spec section 6 leaves them to us). */
export const OnboardingEvent = {
  Created: 'onboarding.created',
  StatusChanged: 'onboarding.status_changed',
  Activated: 'onboarding.activated',
  SegmentSaved: 'onboarding.segment_saved',
  InvitationSent: 'onboarding.invitation_sent',
  InvitationResent: 'onboarding.invitation_resent',
  InvitationCancelled: 'onboarding.invitation_cancelled',
} as const;

export type OnboardingEventType = (typeof OnboardingEvent)[keyof typeof OnboardingEvent];

/** The onboarding types a partner may subscribe a webhook endpoint to. The rest are internal. */
export const SUBSCRIBABLE_ONBOARDING_EVENT_TYPES: readonly OnboardingEventType[] = [
  OnboardingEvent.Created,
  OnboardingEvent.StatusChanged,
  OnboardingEvent.Activated,
];

export const ONBOARDING_STATUSES = [
  'draft',
  'awaiting_merchant',
  'in_review',
  'active',
  'rejected',
  'expired',
] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

export const ENTITY_TYPES = ['natural_person', 'sole_trader', 'company'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const ONBOARDING_SEGMENTS = [
  'company',
  'bank_account_profile',
  'applicant_identity',
  'representation',
] as const;
export type OnboardingSegment = (typeof ONBOARDING_SEGMENTS)[number];

export type InvitationRole = 'representative' | 'beneficial_owner';

/** Common to every onboarding event: which onboarding, never personal data. */
export interface OnboardingRefData {
  onboarding_id: string;
  ref: string;
  channel: string;
}

export interface OnboardingCreatedData extends OnboardingRefData {
  status: OnboardingStatus;
  partner_external_ref: string;
}

export interface OnboardingStatusChangedData extends OnboardingRefData {
  status: OnboardingStatus;
  previous_status: OnboardingStatus;
}

/** `onboarding.activated`: the merchant account may be opened (emitted with the status change to `active`). */
export interface OnboardingActivatedData extends OnboardingRefData {
  entity_type: EntityType | null;
}

export interface OnboardingSegmentSavedData extends OnboardingRefData {
  segment: OnboardingSegment;
  entity_type: EntityType | null;
}

/** Invitation events name the invitation and its role; the invited person is never in an event. */
export interface OnboardingInvitationData extends OnboardingRefData {
  invitation_id: string;
  role: InvitationRole;
  expires_at: string;
}
