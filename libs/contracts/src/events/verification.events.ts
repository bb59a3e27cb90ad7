/** Verification session events (verification-webhooks spec, section 6). */
export const VerificationEvent = {
  Created: 'verification.created',
  Completed: 'verification.completed',
  Failed: 'verification.failed',
  Expired: 'verification.expired',
  StepCompleted: 'verification.step_completed',
  Test: 'verification.test',
} as const;

export type VerificationEventType = (typeof VerificationEvent)[keyof typeof VerificationEvent];

export const VERIFICATION_PROVIDERS = ['bank_transfer', 'mobywatel', 'ais_psd2'] as const;
export type VerificationProvider = (typeof VERIFICATION_PROVIDERS)[number];

/** Session status as carried in event payloads. */
export type VerificationEventStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'expired';

export type VerificationResultStatus = 'verified' | 'rejected' | 'inconclusive';

/**
 * `data` of every verification event. `result_status` is present only on
 * `verification.completed` and `verification.failed` (absent, not null, elsewhere).
 */
export interface VerificationEventData {
  verification_session_id: string;
  external_id: string | null;
  status: VerificationEventStatus;
  provider: VerificationProvider;
  result_status?: VerificationResultStatus;
}
