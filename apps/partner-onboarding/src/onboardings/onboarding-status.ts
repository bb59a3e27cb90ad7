import type { OnboardingStatus } from '@pc/contracts';

/**
 * The onboarding state machine (docs/onboarding.md draws it). `draft` and `awaiting_merchant` follow
 * the data: the save that completes the partner's segments moves a draft on, a change that makes them
 * incomplete again moves it back. The rest is driven by the merchant's hosted flow and by review.
 */
export const ONBOARDING_TRANSITIONS: Readonly<
  Record<OnboardingStatus, readonly OnboardingStatus[]>
> = {
  draft: ['awaiting_merchant', 'expired', 'rejected'],
  awaiting_merchant: ['draft', 'in_review', 'expired', 'rejected'],
  in_review: ['active', 'rejected'],
  active: [],
  rejected: [],
  expired: [],
};

/** Statuses in which the partner may still change data segments, documents and owners. */
export const EDITABLE_STATUSES: readonly OnboardingStatus[] = ['draft', 'awaiting_merchant'];

/** Statuses in which the merchant still has personal acts to complete in the hosted flow. */
export const MERCHANT_ACTION_STATUSES: readonly OnboardingStatus[] = ['draft', 'awaiting_merchant'];

export function canTransition(from: OnboardingStatus, to: OnboardingStatus): boolean {
  return ONBOARDING_TRANSITIONS[from].includes(to);
}

/** The status the partner's data calls for, if it differs from the current one; null otherwise. */
export function statusForData(
  current: OnboardingStatus,
  dataComplete: boolean,
): OnboardingStatus | null {
  if (current === 'draft' && dataComplete) return 'awaiting_merchant';
  if (current === 'awaiting_merchant' && !dataComplete) return 'draft';
  return null;
}
