import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Scope } from '@pc/contracts';
import { ProblemException, PUBLIC_ROUTE } from '@pc/http';
import { REQUIRED_SCOPE, type RequestWithPrincipal } from './decorators';
import { PRINCIPAL_HEADER, PRINCIPAL_SIGNATURE_HEADER, verifyPrincipal } from './principal';

export const INTERNAL_AUTH_SECRET = Symbol('INTERNAL_AUTH_SECRET');

export function insufficientScope(scope: Scope): ProblemException {
  return new ProblemException({
    status: 403,
    code: 'insufficient_scope',
    title: 'Insufficient scope',
    detail: `This operation needs the ${scope} scope.`,
    extensions: { required_scope: scope },
  });
}

/** Services accept only requests carrying a principal the gateway signed; anything else is 401. */
@Injectable()
export class PrincipalGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(INTERNAL_AUTH_SECRET) private readonly secret: string,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const request = context.switchToHttp().getRequest<Request & RequestWithPrincipal>();
    const principal = verifyPrincipal(
      request.header(PRINCIPAL_HEADER),
      request.header(PRINCIPAL_SIGNATURE_HEADER),
      this.secret,
    );
    if (!principal) {
      throw new ProblemException({
        status: 401,
        code: 'invalid_principal',
        title: 'Unauthenticated',
        detail: 'Requests must come through the API gateway.',
      });
    }
    request.principal = principal;
    const scope = this.reflector.getAllAndOverride<Scope | undefined>(REQUIRED_SCOPE, targets);
    if (scope && !principal.scopes.includes(scope)) throw insufficientScope(scope);
    return true;
  }
}
