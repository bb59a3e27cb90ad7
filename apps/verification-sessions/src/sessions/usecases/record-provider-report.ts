import { Injectable } from '@nestjs/common';
import { ProblemException } from '@pc/http';
import type { VerificationResultStatus } from '@pc/contracts';
import {
  ProviderReportRejected,
  VerificationProviders,
} from '../../providers/verification-provider';
import type { VerificationSession } from '../verification-session.entity';
import { SessionTransitions } from './session-transitions';

export interface ProviderReportInput {
  step: string | null;
  outcome: VerificationResultStatus;
  rejectionReasons: string[];
  evidence: Record<string, string>;
  finish: boolean;
}

/**
 * A provider reported on a session (the sandbox API stands in for the provider's callback): its
 * adapter assesses the report, the session applies it (step, completion or failure).
 */
@Injectable()
export class RecordProviderReport {
  constructor(
    private readonly transitions: SessionTransitions,
    private readonly providers: VerificationProviders,
  ) {}

  execute(
    partnerId: string,
    id: string,
    report: ProviderReportInput,
  ): Promise<VerificationSession> {
    return this.transitions.apply(partnerId, id, (session, now) => {
      const assessment = this.assess(session, report);
      return session.recordAssessment(report.step, assessment, report.finish, now);
    });
  }

  private assess(session: VerificationSession, report: ProviderReportInput) {
    try {
      return this.providers.get(session.provider).assess({ sessionId: session.id, ...report });
    } catch (error) {
      if (error instanceof ProviderReportRejected) {
        throw ProblemException.validation(
          error.errors,
          `The ${session.provider} provider could not produce this report.`,
        );
      }
      throw error;
    }
  }
}
