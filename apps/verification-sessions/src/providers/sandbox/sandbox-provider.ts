import type { VerificationProvider, VerificationResultStatus } from '@pc/contracts';
import type { FieldError } from '@pc/http';
import { PROVIDER_CATALOG } from '../provider-catalog';
import {
  ProviderReportRejected,
  VerificationProviderPort,
  type ProviderAssessment,
  type ProviderReport,
} from '../verification-provider';

/** Documented sandbox confidence per outcome, so tests and partners can assert on it. */
export const SANDBOX_CONFIDENCE: Record<VerificationResultStatus, number> = {
  verified: 0.97,
  inconclusive: 0.55,
  rejected: 0.1,
};

export interface EvidenceField {
  /** Used when the sandbox call leaves the field out: the documented test person. */
  fallback: (report: ProviderReport) => string;
  /** Returns a message when the value is not something the real provider would send. */
  check?: (value: string) => string | null;
}

/**
 * A sandbox adapter behaves like the real provider: it reads the evidence the provider would see,
 * refuses evidence the provider could not produce, and reports the outcome the sandbox call asks for.
 */
export abstract class SandboxProvider extends VerificationProviderPort {
  abstract override readonly key: VerificationProvider;
  protected abstract readonly evidenceFields: Record<string, EvidenceField>;

  assess(report: ProviderReport): ProviderAssessment {
    const errors = [...this.checkEvidence(report.evidence), ...this.checkReasons(report)];
    if (errors.length > 0) throw new ProviderReportRejected(errors);
    if (report.outcome === 'rejected') {
      const reasons = report.rejectionReasons.length
        ? report.rejectionReasons
        : [PROVIDER_CATALOG[this.key].rejectionReasons[0]];
      return {
        resultStatus: 'rejected',
        confidenceScore: SANDBOX_CONFIDENCE.rejected,
        verifiedData: null,
        rejectionReasons: reasons,
      };
    }
    return {
      resultStatus: report.outcome,
      confidenceScore: SANDBOX_CONFIDENCE[report.outcome],
      verifiedData: this.verifiedData(report),
      rejectionReasons: [],
    };
  }

  private verifiedData(report: ProviderReport): Record<string, string> {
    const data: Record<string, string> = {};
    for (const [field, spec] of Object.entries(this.evidenceFields)) {
      data[field] = report.evidence[field] ?? spec.fallback(report);
    }
    return data;
  }

  private checkEvidence(evidence: Record<string, string>): FieldError[] {
    const errors: FieldError[] = [];
    for (const [field, value] of Object.entries(evidence)) {
      const spec = this.evidenceFields[field];
      if (!spec) {
        errors.push({
          field: `evidence.${field}`,
          code: 'not_applicable',
          message: `${this.key} does not report ${field}`,
        });
        continue;
      }
      const problem = spec.check?.(value);
      if (problem)
        errors.push({ field: `evidence.${field}`, code: 'invalid_value', message: problem });
    }
    return errors;
  }

  private checkReasons(report: ProviderReport): FieldError[] {
    if (report.rejectionReasons.length > 0 && report.outcome !== 'rejected') {
      return [
        {
          field: 'rejection_reasons',
          code: 'not_allowed',
          message: 'rejection_reasons go with outcome rejected only',
        },
      ];
    }
    const known = PROVIDER_CATALOG[this.key].rejectionReasons;
    return report.rejectionReasons
      .filter((reason) => !known.includes(reason))
      .map((reason) => ({
        field: 'rejection_reasons',
        code: 'invalid_value',
        message: `${reason} is not a ${this.key} rejection reason (${known.join(', ')})`,
      }));
  }
}
