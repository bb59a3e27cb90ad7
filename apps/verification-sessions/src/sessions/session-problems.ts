import { ProblemException } from '@pc/http';
import type { SessionStatus } from './session-status';
import type { SessionRuleViolation } from './session-rule-violation';

const SESSION = 'Verification session';

export function sessionNotFound(): ProblemException {
  return ProblemException.notFound(SESSION);
}

/** A finished session refuses every change; `status` says how it finished. */
export function sessionFinished(status: SessionStatus): ProblemException {
  return new ProblemException({
    status: 409,
    code: 'session_finished',
    title: 'Session finished',
    detail: `The session is already ${status}; it can no longer change.`,
    extensions: { session_status: status },
  });
}

export function toProblem(
  violation: SessionRuleViolation,
  status: SessionStatus,
): ProblemException {
  if (violation.code === 'session_finished') return sessionFinished(status);
  if (violation.kind === 'conflict') {
    return new ProblemException({
      status: 409,
      code: violation.code,
      title: "Not allowed in the session's current state",
      detail: violation.message,
      extensions: { session_status: status },
    });
  }
  return ProblemException.unprocessable(
    violation.code,
    'Invalid for this session',
    violation.message,
    [{ field: violation.field ?? 'body', code: violation.code, message: violation.message }],
  );
}
