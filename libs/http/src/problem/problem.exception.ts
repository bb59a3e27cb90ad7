import { HttpException } from '@nestjs/common';

/** One field-level error of a validation problem. `field` is a dotted path into the request. */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}

export interface ProblemInit {
  status: number;
  /** Stable, machine-readable code, e.g. `insufficient_scope`. */
  code: string;
  title: string;
  detail?: string;
  errors?: FieldError[];
  /** Extra members of the problem object (RFC 9457 extensions), e.g. `valid_event_types`. */
  extensions?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export const PROBLEM_TYPE_BASE = 'https://docs.partner-connect.dev/problems/';

/** The one way services signal an error: rendered as application/problem+json by ProblemDetailsFilter. */
export class ProblemException extends HttpException {
  readonly problem: ProblemInit;

  constructor(problem: ProblemInit) {
    super(problem.detail ?? problem.title, problem.status);
    this.problem = problem;
  }

  static validation(errors: FieldError[], detail = 'The request is not valid.'): ProblemException {
    return new ProblemException({
      status: 422,
      code: 'validation_failed',
      title: 'Validation failed',
      detail,
      errors,
    });
  }

  static notFound(resource: string, detail?: string): ProblemException {
    return new ProblemException({
      status: 404,
      code: 'not_found',
      title: `${resource} not found`,
      detail: detail ?? `No such ${resource.toLowerCase()} for this partner.`,
    });
  }

  static unprocessable(code: string, title: string, detail?: string, errors?: FieldError[]) {
    return new ProblemException({ status: 422, code, title, detail, errors });
  }

  static conflict(code: string, title: string, detail?: string) {
    return new ProblemException({ status: 409, code, title, detail });
  }
}
