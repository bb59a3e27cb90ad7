import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { ProblemException, type ProblemInit } from './problem.exception';
import { PROBLEM_CONTENT_TYPE, problemBody } from './problem-body';

const CODES_BY_STATUS: Record<number, { code: string; title: string }> = {
  400: { code: 'bad_request', title: 'Bad request' },
  401: { code: 'unauthorized', title: 'Unauthorized' },
  403: { code: 'forbidden', title: 'Forbidden' },
  404: { code: 'not_found', title: 'Not found' },
  405: { code: 'method_not_allowed', title: 'Method not allowed' },
  409: { code: 'conflict', title: 'Conflict' },
  413: { code: 'payload_too_large', title: 'Payload too large' },
  415: { code: 'unsupported_media_type', title: 'Unsupported media type' },
  422: { code: 'unprocessable_entity', title: 'Unprocessable entity' },
  429: { code: 'rate_limited', title: 'Too many requests' },
};

/** Turns every error, ours or the framework's, into RFC 9457 problem+json. Never leaks internals. */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger(ProblemDetailsFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const problem = this.toProblem(exception, request);
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(problem.headers ?? {})) {
      response.setHeader(name, value);
    }
    response
      .status(problem.status)
      .type(PROBLEM_CONTENT_TYPE)
      .send(JSON.stringify(problemBody(problem, request.originalUrl?.split('?')[0])));
  }

  private toProblem(exception: unknown, request: Request): ProblemInit {
    if (exception instanceof ProblemException) return exception.problem;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const known = CODES_BY_STATUS[status] ?? {
        code: status >= 500 ? 'internal_error' : 'http_error',
        title: HttpStatus[status] ?? 'Error',
      };
      if (status === 400 && isBodyParseError(exception)) {
        return {
          status: 400,
          code: 'malformed_body',
          title: 'Malformed body',
          detail: 'The request body is not valid JSON.',
        };
      }
      return { status, ...known, detail: messageOf(exception) };
    }
    if (isBodyParserError(exception)) {
      const status = exception.status;
      const known = CODES_BY_STATUS[status] ?? { code: 'bad_request', title: 'Bad request' };
      return {
        status,
        ...known,
        detail:
          status === 413 ? 'The request body is too large.' : 'The request body could not be read.',
      };
    }
    this.logger.error({ err: exception, request_id: request.id }, 'Unhandled error');
    return {
      status: 500,
      code: 'internal_error',
      title: 'Internal server error',
      detail: 'An unexpected error occurred. Quote the X-Request-Id when contacting support.',
    };
  }
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

function isBodyParseError(exception: HttpException): boolean {
  return (
    /JSON|Unexpected token|body/i.test(messageOf(exception)) &&
    exception.cause instanceof SyntaxError
  );
}

function isBodyParserError(error: unknown): error is { status: number; type: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { type?: unknown }).type === 'string'
  );
}
