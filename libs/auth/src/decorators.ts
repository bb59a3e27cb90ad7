import {
  applyDecorators,
  createParamDecorator,
  SetMetadata,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import type { Scope } from '@pc/contracts';
import type { Principal } from './principal';

export const REQUIRED_SCOPE = 'pc:required-scope';
/** The OpenAPI security scheme name; the gateway reads each operation's scope from it. */
export const PARTNER_KEY_SCHEME = 'partner_key';

/**
 * The scope a route needs. Enforced by the gateway (which learns it from this service's OpenAPI
 * document) and again by PrincipalGuard here.
 */
export function RequireScope(scope: Scope): MethodDecorator {
  return applyDecorators(
    SetMetadata(REQUIRED_SCOPE, scope),
    ApiSecurity(PARTNER_KEY_SCHEME, [scope]),
  );
}

export interface RequestWithPrincipal {
  principal?: Principal;
}

export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => {
    const principal = context.switchToHttp().getRequest<RequestWithPrincipal>().principal;
    if (!principal) throw new Error('CurrentPrincipal used on a route without PrincipalGuard');
    return principal;
  },
);
