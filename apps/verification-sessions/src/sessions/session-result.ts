import type { ProviderAssessment } from '../providers/verification-provider';
import type { SessionStep } from './verification-session.entity';

/**
 * The session's result from its finished steps: rejected if any step was rejected, else
 * inconclusive if any was, else verified; the weakest step's confidence; the data of every step.
 */
export function combineAssessments(steps: SessionStep[]): ProviderAssessment {
  const done = steps.filter((step) => step.status === 'completed');
  const statuses = done.map((step) => step.result_status);
  const resultStatus = statuses.includes('rejected')
    ? 'rejected'
    : statuses.includes('inconclusive')
      ? 'inconclusive'
      : 'verified';
  const confidenceScore = Math.min(...done.map((step) => step.confidence_score ?? 0));
  const verifiedData =
    resultStatus === 'rejected'
      ? null
      : done.reduce<Record<string, string>>(
          (data, step) => ({ ...data, ...(step.verified_data ?? {}) }),
          {},
        );
  const rejectionReasons = [...new Set(done.flatMap((step) => step.rejection_reasons))];
  return { resultStatus, confidenceScore, verifiedData, rejectionReasons };
}
