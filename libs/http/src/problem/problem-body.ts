import { PROBLEM_TYPE_BASE, type ProblemInit } from './problem.exception';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function problemBody(problem: ProblemInit, instance?: string): Record<string, unknown> {
  return {
    type: `${PROBLEM_TYPE_BASE}${problem.code}`,
    title: problem.title,
    status: problem.status,
    detail: problem.detail ?? problem.title,
    code: problem.code,
    ...(instance ? { instance } : {}),
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...(problem.extensions ?? {}),
  };
}
