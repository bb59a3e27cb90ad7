import type { NextFunction, Request, Response } from 'express';
import { insufficientScope } from '@pc/auth';
import { HttpRequestTimer, ProblemException, type HttpAccessLogger } from '@pc/http';
import { PartnerKeyVerifier } from '../authentication/partner-key.verifier';
import { bearerTokenOf } from '../keys/key-format';
import { PartnerRateLimiter, type RateLimitDecision } from '../rate-limit/partner-rate-limiter';
import { missingScope, type GatewayRoute } from '../routing/route-table';
import { RouteTableService } from '../routing/route-table.service';
import { UpstreamForwarder } from './upstream-forwarder';

const PARTNER_API_PATH = /^\/api\/v1\//i;

function invalidKey(): ProblemException {
  return new ProblemException({
    status: 401,
    code: 'invalid_key',
    title: 'Invalid partner key',
    detail: 'Send a valid, unrevoked partner key as `Authorization: Bearer pk_…`.',
    headers: { 'WWW-Authenticate': 'Bearer realm="partner-connect"' },
  });
}

function rateLimited(decision: RateLimitDecision): ProblemException {
  return new ProblemException({
    status: 429,
    code: 'rate_limited',
    title: 'Too many requests',
    detail: `This key may make ${decision.limit} requests per window; retry in ${decision.resetSeconds} s.`,
    headers: { 'Retry-After': String(decision.resetSeconds) },
  });
}

function noSuchOperation(request: Request): ProblemException {
  return new ProblemException({
    status: 404,
    code: 'not_found',
    title: 'Not found',
    detail: `No operation ${request.method} ${request.path} in the Partner Connect API.`,
  });
}

function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart < 0 ? url : url.slice(0, queryStart);
}

/**
 * Every partner API call: authenticate the key (401), count it against the key's rate limit (429),
 * find the operation (404) and check its scope (403), then forward it to the owning service.
 *
 * Plain Express middleware mounted ahead of Nest's middleware and router, because their per-call
 * CPU (three guards, execution contexts, the router's promise chain) was a large share of the
 * gateway's. So it writes the access log line and the duration metric itself, and passes its
 * problems to Nest's error handler, which renders them with the global ProblemDetailsFilter.
 */
export class PartnerApiHandler {
  private readonly timer = new HttpRequestTimer();

  constructor(
    private readonly accessLog: HttpAccessLogger,
    private readonly verifier: PartnerKeyVerifier,
    private readonly limiter: PartnerRateLimiter,
    private readonly routes: RouteTableService,
    private readonly forwarder: UpstreamForwarder,
  ) {}

  /** Takes every `/api/v1/` request; anything else goes on to Nest. */
  readonly middleware = (request: Request, response: Response, next: NextFunction): void => {
    if (!PARTNER_API_PATH.test(request.url)) {
      next();
      return;
    }
    this.accessLog(request, response);
    // Matched before authenticating only to label the metric; a miss is still answered after 401/429.
    const route = this.routes.match(request.method, pathOf(request.url));
    this.timer.time(request, response, () => route?.pathTemplate ?? 'unmatched');
    this.handle(request, response, route).catch(next);
  };

  private async handle(
    request: Request,
    response: Response,
    route: GatewayRoute | undefined,
  ): Promise<void> {
    const key = await this.verifier.verify(bearerTokenOf(request.headers.authorization));
    if (!key) throw invalidKey();
    // The limit is announced on every response (IETF RateLimit draft headers), 429 or not.
    const decision = await this.limiter.consume(key.keyId);
    response.setHeader('RateLimit-Limit', String(decision.limit));
    response.setHeader('RateLimit-Remaining', String(decision.remaining));
    response.setHeader('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) throw rateLimited(decision);
    if (!route) throw noSuchOperation(request);
    const missing = missingScope(route, key.scopes);
    if (missing) throw insufficientScope(missing);
    await this.forwarder.forward(
      request,
      response,
      key,
      route,
      this.routes.baseUrlOf(route.service),
    );
  }
}
