import type { SessionResultView, SessionView } from './dto/session.response';
import type { VerificationSession } from './verification-session.entity';

export function presentSession(session: VerificationSession): SessionView {
  return {
    id: session.id,
    external_id: session.externalId,
    provider: session.provider,
    mode: session.mode,
    status: session.status,
    result_status: session.resultStatus,
    steps: session.steps.map((step) => ({
      name: step.name,
      status: step.status,
      result_status: step.result_status,
      completed_at: step.completed_at,
    })),
    ttl_seconds: session.ttlSeconds,
    expires_at: session.expiresAt.toISOString(),
    expiry_reason: session.expiryReason,
    created_at: session.createdAt.toISOString(),
    updated_at: session.updatedAt.toISOString(),
    finished_at: session.finishedAt?.toISOString() ?? null,
  };
}

/** Only for completed and failed sessions; the caller checks. */
export function presentResult(session: VerificationSession): SessionResultView {
  return {
    verification_session_id: session.id,
    status: session.status,
    result_status: session.resultStatus as string,
    confidence_score: session.confidenceScore as number,
    verified_data: session.verifiedData,
    rejection_reasons: session.rejectionReasons ?? [],
    steps: session.steps.map((step) => ({
      name: step.name,
      status: step.status,
      result_status: step.result_status,
      confidence_score: step.confidence_score,
      rejection_reasons: step.rejection_reasons,
    })),
    finished_at: (session.finishedAt as Date).toISOString(),
  };
}
