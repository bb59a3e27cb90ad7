import type { VerificationEventStatus } from '@pc/contracts';

/** Every status a verification session can be in; the same words appear in event payloads. */
export const SESSION_STATUSES = [
  'pending',
  'processing',
  'completed',
  'failed',
  'expired',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number] & VerificationEventStatus;

export const OPEN_STATUSES: readonly SessionStatus[] = ['pending', 'processing'];
export const FINISHED_STATUSES: readonly SessionStatus[] = ['completed', 'failed', 'expired'];

export const SESSION_MODES = ['single', 'sequential', 'dynamic'] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

/**
 * The whole state machine: from each status, the statuses it may move to. Finished statuses
 * (completed, failed, expired) are final.
 */
const TRANSITIONS: Record<SessionStatus, readonly SessionStatus[]> = {
  pending: ['processing', 'completed', 'failed', 'expired'],
  processing: ['processing', 'completed', 'failed', 'expired'],
  completed: [],
  failed: [],
  expired: [],
};

export function canTransition(from: SessionStatus, to: SessionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isFinished(status: SessionStatus): boolean {
  return FINISHED_STATUSES.includes(status);
}
