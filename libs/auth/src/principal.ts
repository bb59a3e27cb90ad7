import { createHmac, timingSafeEqual } from 'node:crypto';
import { isScope, type Scope } from '@pc/contracts';

/** Who is calling, as established by the gateway from a partner key. */
export interface Principal {
  partnerId: string;
  channels: string[];
  scopes: Scope[];
  keyId: string;
  requestId: string;
}

export const PRINCIPAL_HEADER = 'x-pc-principal';
export const PRINCIPAL_SIGNATURE_HEADER = 'x-pc-principal-signature';
/** A signed principal is valid this long: enough for one hop, too short to be worth replaying. */
export const PRINCIPAL_MAX_AGE_SECONDS = 60;

interface SignedClaims extends Principal {
  iat: number;
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

export function signPrincipal(
  principal: Principal,
  secret: string,
  now: number = Date.now(),
): Record<typeof PRINCIPAL_HEADER | typeof PRINCIPAL_SIGNATURE_HEADER, string> {
  const claims: SignedClaims = { ...principal, iat: Math.floor(now / 1000) };
  const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return { [PRINCIPAL_HEADER]: payload, [PRINCIPAL_SIGNATURE_HEADER]: sign(payload, secret) };
}

function isPrincipalShape(value: unknown): value is SignedClaims {
  const claims = value as SignedClaims;
  return (
    typeof claims === 'object' &&
    claims !== null &&
    typeof claims.partnerId === 'string' &&
    typeof claims.keyId === 'string' &&
    typeof claims.requestId === 'string' &&
    typeof claims.iat === 'number' &&
    Array.isArray(claims.channels) &&
    claims.channels.every((channel) => typeof channel === 'string') &&
    Array.isArray(claims.scopes) &&
    claims.scopes.every((scope) => typeof scope === 'string' && isScope(scope))
  );
}

/** Returns the principal when the headers carry a fresh, correctly signed one; otherwise null. */
export function verifyPrincipal(
  payload: string | undefined,
  signature: string | undefined,
  secret: string,
  now: number = Date.now(),
): Principal | null {
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isPrincipalShape(claims)) return null;
  const age = Math.floor(now / 1000) - claims.iat;
  if (age > PRINCIPAL_MAX_AGE_SECONDS || age < -PRINCIPAL_MAX_AGE_SECONDS) return null;
  const { iat: _iat, ...principal } = claims;
  return principal;
}
