import { Column, Entity, PrimaryColumn } from 'typeorm';
import {
  VerificationEvent,
  type VerificationProvider,
  type VerificationEventType,
} from '@pc/contracts';
import type { ProviderAssessment } from '../providers/verification-provider';
import { PROVIDER_CATALOG } from '../providers/provider-catalog';
import { canTransition, isFinished, type SessionMode, type SessionStatus } from './session-status';
import { SessionRuleViolation } from './session-rule-violation';
import { combineAssessments } from './session-result';

export type StepStatus = 'pending' | 'completed' | 'skipped';
export type ExpiryReason = 'ttl' | 'deleted';

/** One check of a sequential or dynamic session, stored with the session (jsonb). */
export interface SessionStep {
  name: string;
  status: StepStatus;
  result_status: ProviderAssessment['resultStatus'] | null;
  confidence_score: number | null;
  verified_data: Record<string, string> | null;
  rejection_reasons: string[];
  completed_at: string | null;
}

export interface OpenSessionInput {
  id: string;
  partnerId: string;
  externalId: string | null;
  provider: VerificationProvider;
  mode: SessionMode;
  steps: string[];
  ttlSeconds: number;
  requestFingerprint: string;
}

const MIN_STEPS = 2;
const MAX_STEPS = 10;

const confidenceColumn = {
  to: (value: number | null) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * A verification session and its state machine (see session-status.ts). Every method is pure:
 * it changes this object and returns the event types the change emits, or throws
 * SessionRuleViolation. Persistence and publishing are the use cases' job.
 */
@Entity('verification_sessions')
export class VerificationSession {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'partner_id', type: 'text' }) partnerId: string;
  @Column({ name: 'external_id', type: 'text', nullable: true }) externalId: string | null;
  @Column({ type: 'text' }) provider: VerificationProvider;
  @Column({ type: 'text' }) mode: SessionMode;
  @Column({ type: 'text' }) status: SessionStatus;
  @Column({ type: 'jsonb' }) steps: SessionStep[];
  @Column({ name: 'request_fingerprint', type: 'text' }) requestFingerprint: string;
  @Column({ name: 'result_status', type: 'text', nullable: true }) resultStatus:
    ProviderAssessment['resultStatus'] | null;
  @Column({
    name: 'confidence_score',
    type: 'numeric',
    precision: 4,
    scale: 3,
    nullable: true,
    transformer: confidenceColumn,
  })
  confidenceScore: number | null;
  @Column({ name: 'verified_data', type: 'jsonb', nullable: true }) verifiedData: Record<
    string,
    string
  > | null;
  @Column({ name: 'rejection_reasons', type: 'jsonb', nullable: true }) rejectionReasons:
    string[] | null;
  @Column({ name: 'expiry_reason', type: 'text', nullable: true })
  expiryReason: ExpiryReason | null;
  @Column({ name: 'ttl_seconds', type: 'integer' }) ttlSeconds: number;
  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3 }) expiresAt: Date;
  @Column({ name: 'created_at', type: 'timestamptz', precision: 3 }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3 }) updatedAt: Date;
  @Column({ name: 'finished_at', type: 'timestamptz', precision: 3, nullable: true })
  finishedAt: Date | null;

  static open(input: OpenSessionInput, now: Date): VerificationSession {
    const session = new VerificationSession();
    Object.assign(session, {
      id: input.id,
      partnerId: input.partnerId,
      externalId: input.externalId,
      provider: input.provider,
      mode: input.mode,
      status: 'pending',
      steps: VerificationSession.planSteps(input.provider, input.mode, input.steps),
      requestFingerprint: input.requestFingerprint,
      resultStatus: null,
      confidenceScore: null,
      verifiedData: null,
      rejectionReasons: null,
      expiryReason: null,
      ttlSeconds: input.ttlSeconds,
      expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000),
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    });
    return session;
  }

  private static planSteps(
    provider: VerificationProvider,
    mode: SessionMode,
    names: string[],
  ): SessionStep[] {
    if (mode === 'single') {
      if (names.length > 0) throw invalid('steps_not_allowed', 'single mode has no steps', 'steps');
      return [];
    }
    if (names.length < MIN_STEPS || names.length > MAX_STEPS) {
      throw invalid('invalid_steps', `${mode} mode needs ${MIN_STEPS}–${MAX_STEPS} steps`, 'steps');
    }
    if (new Set(names).size !== names.length)
      throw invalid('duplicate_step', 'steps must be unique', 'steps');
    const known = PROVIDER_CATALOG[provider].steps;
    const unknown = names.find((name) => !known.includes(name));
    if (unknown !== undefined) {
      throw invalid(
        'unknown_step',
        `${unknown} is not a ${provider} step (${known.join(', ')})`,
        'steps',
      );
    }
    return names.map((name) => ({
      name,
      status: 'pending',
      result_status: null,
      confidence_score: null,
      verified_data: null,
      rejection_reasons: [],
      completed_at: null,
    }));
  }

  get isFinished(): boolean {
    return isFinished(this.status);
  }

  /** The TTL has elapsed but the session is still open: it must expire before anything else happens. */
  isDue(now: Date): boolean {
    return !this.isFinished && this.expiresAt.getTime() <= now.getTime();
  }

  /**
   * The provider assessed one step (sequential/dynamic) or the whole session (single). A rejected
   * step, the last pending step, or `finish` in dynamic mode ends the session.
   */
  recordAssessment(
    step: string | null,
    assessment: ProviderAssessment,
    finish: boolean,
    now: Date,
  ): VerificationEventType[] {
    this.assertOpen();
    if (this.mode === 'single') {
      if (step !== null)
        throw invalid('step_not_allowed', 'single mode sessions have no steps', 'step');
      if (finish)
        throw invalid('finish_not_allowed', 'finish applies to dynamic mode only', 'finish');
      return this.finish(assessment, now);
    }
    if (finish && this.mode !== 'dynamic')
      throw invalid('finish_not_allowed', 'finish applies to dynamic mode only', 'finish');
    const target = this.pendingStep(step);
    Object.assign(target, {
      status: 'completed',
      result_status: assessment.resultStatus,
      confidence_score: assessment.confidenceScore,
      verified_data: assessment.verifiedData,
      rejection_reasons: assessment.rejectionReasons,
      completed_at: now.toISOString(),
    });
    const remaining = this.steps.filter((candidate) => candidate.status === 'pending');
    if (assessment.resultStatus === 'rejected' || finish || remaining.length === 0) {
      for (const skipped of remaining) skipped.status = 'skipped';
      return this.finish(combineAssessments(this.steps), now);
    }
    this.moveTo('processing', now);
    return [VerificationEvent.StepCompleted];
  }

  /** TTL elapsed or the partner deleted the session. */
  expire(reason: ExpiryReason, now: Date): VerificationEventType[] {
    this.assertOpen();
    this.moveTo('expired', now);
    this.expiryReason = reason;
    this.finishedAt = now;
    return [VerificationEvent.Expired];
  }

  private pendingStep(name: string | null): SessionStep {
    if (name === null)
      throw invalid('step_required', `${this.mode} mode sessions report per step`, 'step');
    const index = this.steps.findIndex((candidate) => candidate.name === name);
    if (index < 0) throw invalid('unknown_step', `${name} is not a step of this session`, 'step');
    const target = this.steps[index];
    if (target.status !== 'pending')
      throw conflict('step_already_completed', `step ${name} is already ${target.status}`);
    const earlier = this.steps.slice(0, index).find((candidate) => candidate.status === 'pending');
    if (this.mode === 'sequential' && earlier) {
      throw conflict(
        'step_out_of_order',
        `step ${earlier.name} comes before ${name} in sequential mode`,
      );
    }
    return target;
  }

  private finish(result: ProviderAssessment, now: Date): VerificationEventType[] {
    const rejected = result.resultStatus === 'rejected';
    this.moveTo(rejected ? 'failed' : 'completed', now);
    this.resultStatus = result.resultStatus;
    this.confidenceScore = result.confidenceScore;
    this.verifiedData = result.verifiedData;
    this.rejectionReasons = result.rejectionReasons;
    this.finishedAt = now;
    return [rejected ? VerificationEvent.Failed : VerificationEvent.Completed];
  }

  private assertOpen(): void {
    if (this.isFinished)
      throw conflict('session_finished', `the session is already ${this.status}`);
  }

  private moveTo(status: SessionStatus, now: Date): void {
    if (!canTransition(this.status, status)) {
      throw conflict('session_finished', `a ${this.status} session cannot become ${status}`);
    }
    this.status = status;
    this.updatedAt = now;
  }
}

function invalid(code: string, message: string, field: string): SessionRuleViolation {
  return new SessionRuleViolation('invalid', code, message, field);
}

function conflict(code: string, message: string): SessionRuleViolation {
  return new SessionRuleViolation('conflict', code, message);
}
