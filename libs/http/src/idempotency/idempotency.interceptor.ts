import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { Observable, from, of, throwError } from 'rxjs';
import { catchError, mergeMap } from 'rxjs/operators';
import { ProblemException } from '../problem/problem.exception';
import { PROBLEM_CONTENT_TYPE, problemBody } from '../problem/problem-body';
import { IdempotencyStore } from './idempotency.store';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;
const REPLAYED_HEADERS = ['location', 'content-type'];

/** The caller that owns a key: keys are scoped per partner (the principal set by @pc/auth). */
interface RequestWithOwner extends Request {
  principal?: { partnerId: string };
  file?: { buffer: Buffer };
}

function requestHash(request: RequestWithOwner): string {
  const hash = createHash('sha256');
  hash.update(`${request.method} ${request.originalUrl}\n`);
  hash.update(JSON.stringify(request.body ?? null));
  if (request.file?.buffer) hash.update(request.file.buffer);
  return hash.digest('hex');
}

/**
 * `Idempotency-Key` on POST (IETF draft semantics): the first response is stored and replayed
 * for 24 h; the same key with another body is 422; the same key while the first is running is 409.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly store: IdempotencyStore) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<RequestWithOwner>();
    const response = http.getResponse<Response>();
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (request.method !== 'POST' || key === undefined) return next.handle();
    if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
      return throwError(() =>
        ProblemException.validation(
          [
            {
              field: 'Idempotency-Key',
              code: 'invalid_format',
              message: `must be 1–${MAX_KEY_LENGTH} characters`,
            },
          ],
          'The Idempotency-Key header is not valid.',
        ),
      );
    }
    const owner = request.principal?.partnerId ?? 'anonymous';
    return from(this.store.claim(owner, key, requestHash(request))).pipe(
      mergeMap((claim) => {
        switch (claim.outcome) {
          case 'mismatch':
            throw ProblemException.unprocessable(
              'idempotency_key_reused',
              'Idempotency key reused',
              'This Idempotency-Key was used with a different request.',
            );
          case 'in_flight':
            throw ProblemException.conflict(
              'idempotency_request_in_progress',
              'Request in progress',
              'A request with this Idempotency-Key is still being processed.',
            );
          case 'replay':
            for (const [name, value] of Object.entries(claim.headers))
              response.setHeader(name, value);
            response.setHeader('Idempotent-Replayed', 'true');
            response.status(claim.status);
            return of(claim.body.length ? JSON.parse(claim.body) : undefined);
          case 'claimed':
            return next.handle().pipe(
              mergeMap(async (body: unknown) => {
                await this.store.complete(
                  owner,
                  key,
                  response.statusCode,
                  JSON.stringify(body ?? null),
                  pickHeaders(response),
                );
                return body;
              }),
              catchError((error: unknown) =>
                from(this.settleFailure(owner, key, error)).pipe(
                  mergeMap(() => throwError(() => error)),
                ),
              ),
            );
        }
      }),
    );
  }

  /** Client errors are part of the stored outcome; anything else frees the key for a retry. */
  private async settleFailure(owner: string, key: string, error: unknown): Promise<void> {
    if (error instanceof ProblemException && error.problem.status < 500) {
      const body = JSON.stringify(problemBody(error.problem));
      await this.store.complete(owner, key, error.problem.status, body, {
        'content-type': PROBLEM_CONTENT_TYPE,
      });
      return;
    }
    await this.store.release(owner, key);
  }
}

function pickHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = response.getHeader(name);
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}
