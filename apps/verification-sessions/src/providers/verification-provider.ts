import type { VerificationProvider, VerificationResultStatus } from '@pc/contracts';
import type { FieldError } from '@pc/http';

/** What a provider concluded about one step (or the whole session in single mode). */
export interface ProviderAssessment {
  resultStatus: VerificationResultStatus;
  /** 0..1, three decimals. */
  confidenceScore: number;
  verifiedData: Record<string, string> | null;
  rejectionReasons: string[];
}

/**
 * What a provider reported: the outcome it reached and the raw evidence it saw (a transfer's payer,
 * attributes shared from mObywatel, the account holder read over AIS).
 */
export interface ProviderReport {
  sessionId: string;
  step: string | null;
  outcome: VerificationResultStatus;
  rejectionReasons: string[];
  evidence: Record<string, string>;
}

/** The provider could not make sense of a report; surfaced as 422 with these field errors. */
export class ProviderReportRejected extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((error) => `${error.field}: ${error.message}`).join('; '));
  }
}

/**
 * Port to an identity/bank verification provider. Adapters (sandbox, and real ones later) turn
 * what the provider reports into an assessment; they never touch the session's state.
 */
export abstract class VerificationProviderPort {
  abstract readonly key: VerificationProvider;
  abstract assess(report: ProviderReport): ProviderAssessment;
}

/** All adapters, by provider key; bound in the module to the adapters chosen by configuration. */
export abstract class VerificationProviders {
  abstract get(key: VerificationProvider): VerificationProviderPort;
}
