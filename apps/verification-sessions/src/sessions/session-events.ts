import {
  createEvent,
  VerificationEvent,
  type DomainEvent,
  type VerificationEventData,
  type VerificationEventType,
} from '@pc/contracts';
import type { VerificationSession } from './verification-session.entity';

const CARRIES_RESULT: readonly VerificationEventType[] = [
  VerificationEvent.Completed,
  VerificationEvent.Failed,
];

/**
 * The event announcing a session change (spec section 2): `result_status` only on completed and
 * failed — absent, not null, elsewhere.
 */
export function sessionEvent(
  session: VerificationSession,
  type: VerificationEventType,
  at: Date,
): DomainEvent<VerificationEventType, VerificationEventData> {
  const data: VerificationEventData = {
    verification_session_id: session.id,
    external_id: session.externalId,
    status: type === VerificationEvent.StepCompleted ? 'processing' : session.status,
    provider: session.provider,
  };
  if (CARRIES_RESULT.includes(type) && session.resultStatus)
    data.result_status = session.resultStatus;
  return createEvent(type, data, { partner_id: session.partnerId }, at);
}
