import { SUBSCRIBABLE_ONBOARDING_EVENT_TYPES } from './onboarding.events';
import { VerificationEvent } from './verification.events';

/**
 * Every event type a webhook endpoint may subscribe to. Each context adds its partner-visible
 * types here; `*` subscribes to all of them.
 */
export const SUBSCRIBABLE_EVENT_TYPES: readonly string[] = [
  ...Object.values(VerificationEvent),
  ...SUBSCRIBABLE_ONBOARDING_EVENT_TYPES,
];

export const ALL_EVENTS_WILDCARD = '*';
