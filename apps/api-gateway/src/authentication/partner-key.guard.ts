import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ProblemException } from '@pc/http';
import { bearerTokenOf } from '../keys/key-format';
import type { GatewayRequest } from '../proxy/gateway-request';
import { PartnerKeyVerifier } from './partner-key.verifier';

export function invalidKey(): ProblemException {
  return new ProblemException({
    status: 401,
    code: 'invalid_key',
    title: 'Invalid partner key',
    detail: 'Send a valid, unrevoked partner key as `Authorization: Bearer pk_…`.',
    headers: { 'WWW-Authenticate': 'Bearer realm="partner-connect"' },
  });
}

/** Authenticates the partner key; a missing, malformed, unknown or revoked key is 401. */
@Injectable()
export class PartnerKeyGuard implements CanActivate {
  constructor(private readonly verifier: PartnerKeyVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const key = await this.verifier.verify(bearerTokenOf(request.headers.authorization));
    if (!key) throw invalidKey();
    request.partnerKey = key;
    return true;
  }
}
