import { VerificationEvent } from '@pc/contracts';
import type { ProviderAssessment } from '../providers/verification-provider';
import { canTransition, SESSION_STATUSES, type SessionStatus } from './session-status';
import { sessionEvent } from './session-events';
import { SessionRuleViolation } from './session-rule-violation';
import { VerificationSession, type OpenSessionInput } from './verification-session.entity';

const T0 = new Date('2025-01-31T10:00:00.000Z');
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

const verified: ProviderAssessment = {
  resultStatus: 'verified',
  confidenceScore: 0.97,
  verifiedData: { a: '1' },
  rejectionReasons: [],
};
const inconclusive: ProviderAssessment = {
  resultStatus: 'inconclusive',
  confidenceScore: 0.55,
  verifiedData: { b: '2' },
  rejectionReasons: [],
};
const rejected: ProviderAssessment = {
  resultStatus: 'rejected',
  confidenceScore: 0.1,
  verifiedData: null,
  rejectionReasons: ['payer_name_mismatch'],
};

function open(overrides: Partial<OpenSessionInput> = {}): VerificationSession {
  return VerificationSession.open(
    {
      id: '6f1c2d3e-0000-4000-8000-000000000001',
      partnerId: 'prt_1',
      externalId: 'ext-1',
      provider: 'bank_transfer',
      mode: 'single',
      steps: [],
      ttlSeconds: 600,
      requestFingerprint: 'f',
      ...overrides,
    },
    T0,
  );
}

const sequential = (mode: 'sequential' | 'dynamic' = 'sequential') =>
  open({ mode, steps: ['transfer_received', 'payer_name_match', 'payer_account_match'] });

function violation(run: () => unknown): SessionRuleViolation {
  try {
    run();
  } catch (error) {
    if (error instanceof SessionRuleViolation) return error;
    throw error;
  }
  throw new Error('expected a SessionRuleViolation');
}

describe('session status transitions', () => {
  const allowed: Record<SessionStatus, SessionStatus[]> = {
    pending: ['processing', 'completed', 'failed', 'expired'],
    processing: ['processing', 'completed', 'failed', 'expired'],
    completed: [],
    failed: [],
    expired: [],
  };
  it.each(SESSION_STATUSES.flatMap((from) => SESSION_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s follows the table',
    (from, to) => expect(canTransition(from, to)).toBe(allowed[from].includes(to)),
  );
});

describe('opening a session', () => {
  it('starts pending with an expiry TTL seconds away', () => {
    const session = open();
    expect(session.status).toBe('pending');
    expect(session.expiresAt).toEqual(later(600));
    expect(session.isDue(later(599))).toBe(false);
    expect(session.isDue(later(600))).toBe(true);
  });

  it.each([
    [
      'single mode with steps',
      { mode: 'single' as const, steps: ['transfer_received', 'payer_name_match'] },
      'steps_not_allowed',
    ],
    [
      'sequential mode with one step',
      { mode: 'sequential' as const, steps: ['transfer_received'] },
      'invalid_steps',
    ],
    ['dynamic mode without steps', { mode: 'dynamic' as const, steps: [] }, 'invalid_steps'],
    [
      'a step of another provider',
      { mode: 'sequential' as const, steps: ['transfer_received', 'identity_shared'] },
      'unknown_step',
    ],
    [
      'a repeated step',
      { mode: 'sequential' as const, steps: ['transfer_received', 'transfer_received'] },
      'duplicate_step',
    ],
  ])('refuses %s', (_name, overrides, code) => {
    const error = violation(() => open(overrides));
    expect(error).toMatchObject({ kind: 'invalid', code, field: 'steps' });
  });
});

describe('single mode', () => {
  it.each([
    [verified, 'completed', VerificationEvent.Completed],
    [inconclusive, 'completed', VerificationEvent.Completed],
    [rejected, 'failed', VerificationEvent.Failed],
  ] as const)('a %s result ends the session %s', (assessment, status, event) => {
    const session = open();
    expect(session.recordAssessment(null, assessment, false, later(1))).toEqual([event]);
    expect(session).toMatchObject({
      status,
      resultStatus: assessment.resultStatus,
      confidenceScore: assessment.confidenceScore,
      rejectionReasons: assessment.rejectionReasons,
      finishedAt: later(1),
    });
  });

  it('has no steps and no early finish', () => {
    expect(
      violation(() => open().recordAssessment('transfer_received', verified, false, T0)).code,
    ).toBe('step_not_allowed');
    expect(violation(() => open().recordAssessment(null, verified, true, T0)).code).toBe(
      'finish_not_allowed',
    );
  });
});

describe('sequential mode', () => {
  it('reports each step as processing, then completes on the last one', () => {
    const session = sequential();
    expect(session.recordAssessment('transfer_received', verified, false, later(1))).toEqual([
      VerificationEvent.StepCompleted,
    ]);
    expect(session.status).toBe('processing');
    expect(session.recordAssessment('payer_name_match', inconclusive, false, later(2))).toEqual([
      VerificationEvent.StepCompleted,
    ]);
    expect(session.recordAssessment('payer_account_match', verified, false, later(3))).toEqual([
      VerificationEvent.Completed,
    ]);
    expect(session).toMatchObject({
      status: 'completed',
      resultStatus: 'inconclusive',
      confidenceScore: 0.55,
      verifiedData: { a: '1', b: '2' },
    });
  });

  it('fails on a rejected step and skips the rest', () => {
    const session = sequential();
    session.recordAssessment('transfer_received', verified, false, later(1));
    expect(session.recordAssessment('payer_name_match', rejected, false, later(2))).toEqual([
      VerificationEvent.Failed,
    ]);
    expect(session).toMatchObject({
      status: 'failed',
      resultStatus: 'rejected',
      verifiedData: null,
      rejectionReasons: ['payer_name_mismatch'],
    });
    expect(session.steps.map((step) => step.status)).toEqual(['completed', 'completed', 'skipped']);
  });

  it('keeps the order, needs a step name, and completes each step once', () => {
    const session = sequential();
    expect(
      violation(() => session.recordAssessment('payer_name_match', verified, false, T0)),
    ).toMatchObject({ kind: 'conflict', code: 'step_out_of_order' });
    expect(violation(() => session.recordAssessment(null, verified, false, T0)).code).toBe(
      'step_required',
    );
    expect(
      violation(() => session.recordAssessment('identity_shared', verified, false, T0)).code,
    ).toBe('unknown_step');
    expect(
      violation(() => session.recordAssessment('transfer_received', verified, true, T0)).code,
    ).toBe('finish_not_allowed');
    session.recordAssessment('transfer_received', verified, false, T0);
    expect(
      violation(() => session.recordAssessment('transfer_received', verified, false, T0)),
    ).toMatchObject({ kind: 'conflict', code: 'step_already_completed' });
  });
});

describe('dynamic mode', () => {
  it('takes steps in any order and may finish early', () => {
    const session = sequential('dynamic');
    expect(session.recordAssessment('payer_account_match', verified, false, later(1))).toEqual([
      VerificationEvent.StepCompleted,
    ]);
    expect(session.recordAssessment('transfer_received', verified, true, later(2))).toEqual([
      VerificationEvent.Completed,
    ]);
    expect(session.steps.map((step) => step.status)).toEqual(['completed', 'skipped', 'completed']);
    expect(session.resultStatus).toBe('verified');
  });
});

describe('finished sessions are final', () => {
  it.each([
    [
      'complete after expiry',
      (s: VerificationSession) => s.expire('ttl', T0),
      (s: VerificationSession) => s.recordAssessment(null, verified, false, T0),
    ],
    [
      'expire after completion',
      (s: VerificationSession) => s.recordAssessment(null, verified, false, T0),
      (s: VerificationSession) => s.expire('deleted', T0),
    ],
    [
      'expire after failure',
      (s: VerificationSession) => s.recordAssessment(null, rejected, false, T0),
      (s: VerificationSession) => s.expire('ttl', T0),
    ],
    [
      'expire twice',
      (s: VerificationSession) => s.expire('deleted', T0),
      (s: VerificationSession) => s.expire('ttl', T0),
    ],
  ])('refuses to %s', (_name, first, second) => {
    const session = open();
    first(session);
    expect(violation(() => second(session))).toMatchObject({
      kind: 'conflict',
      code: 'session_finished',
    });
  });

  it('refuses a step after the session finished', () => {
    const session = sequential();
    session.recordAssessment('transfer_received', rejected, false, T0);
    expect(
      violation(() => session.recordAssessment('payer_name_match', verified, false, T0)).code,
    ).toBe('session_finished');
  });

  it('is not due once finished', () => {
    const session = open();
    session.expire('deleted', later(1));
    expect(session).toMatchObject({
      status: 'expired',
      expiryReason: 'deleted',
      finishedAt: later(1),
    });
    expect(session.isDue(later(10_000))).toBe(false);
  });
});

describe('session events', () => {
  it('carries result_status only on completed and failed', () => {
    const session = sequential();
    const created = sessionEvent(session, VerificationEvent.Created, T0);
    expect(created.data).toEqual({
      verification_session_id: session.id,
      external_id: 'ext-1',
      status: 'pending',
      provider: 'bank_transfer',
    });
    expect(created.owner).toEqual({ partner_id: 'prt_1' });
    session.recordAssessment('transfer_received', verified, false, T0);
    expect(sessionEvent(session, VerificationEvent.StepCompleted, T0).data).not.toHaveProperty(
      'result_status',
    );
    expect(sessionEvent(session, VerificationEvent.StepCompleted, T0).data.status).toBe(
      'processing',
    );
    session.recordAssessment('payer_name_match', rejected, false, T0);
    expect(sessionEvent(session, VerificationEvent.Failed, T0).data).toMatchObject({
      status: 'failed',
      result_status: 'rejected',
    });
    const expired = open();
    expired.expire('ttl', T0);
    expect(sessionEvent(expired, VerificationEvent.Expired, T0).data).toEqual({
      verification_session_id: expired.id,
      external_id: 'ext-1',
      status: 'expired',
      provider: 'bank_transfer',
    });
  });
});
