import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ProblemException } from '@pc/http';
import type { GatewayRequest } from '../proxy/gateway-request';
import { PartnerRateLimiter } from './partner-rate-limiter';

/**
 * Counts every authenticated request against its key's limit and announces the limit in
 * `RateLimit-Limit`/`-Remaining`/`-Reset` (IETF draft) on every response; over it, 429 with
 * `Retry-After`.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly limiter: PartnerRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<GatewayRequest>();
    const response = http.getResponse<Response>();
    const decision = await this.limiter.consume(request.partnerKey!.keyId);
    response.setHeader('RateLimit-Limit', String(decision.limit));
    response.setHeader('RateLimit-Remaining', String(decision.remaining));
    response.setHeader('RateLimit-Reset', String(decision.resetSeconds));
    if (decision.allowed) return true;
    throw new ProblemException({
      status: 429,
      code: 'rate_limited',
      title: 'Too many requests',
      detail: `This key may make ${decision.limit} requests per window; retry in ${decision.resetSeconds} s.`,
      headers: { 'Retry-After': String(decision.resetSeconds) },
    });
  }
}
