import { Scope } from '@pc/contracts';
import {
  signPrincipal,
  verifyPrincipal,
  type Principal,
  PRINCIPAL_HEADER,
  PRINCIPAL_SIGNATURE_HEADER,
} from './principal';

const secret = 's'.repeat(32);
const principal: Principal = {
  partnerId: 'partner-1',
  channels: ['shop'],
  scopes: [Scope.OnboardingRead],
  keyId: 'key-1',
  requestId: 'req-1',
};

function verify(headers: Record<string, string>, key = secret, now = Date.now()) {
  return verifyPrincipal(headers[PRINCIPAL_HEADER], headers[PRINCIPAL_SIGNATURE_HEADER], key, now);
}

describe('internal principal', () => {
  it('round-trips a signed principal', () => {
    expect(verify(signPrincipal(principal, secret))).toEqual(principal);
  });

  it('rejects a principal signed with another secret', () => {
    expect(verify(signPrincipal(principal, 'o'.repeat(32)))).toBeNull();
  });

  it('rejects a tampered payload', () => {
    const headers = signPrincipal(principal, secret);
    const forged = Buffer.from(
      JSON.stringify({ ...principal, partnerId: 'partner-2', iat: Math.floor(Date.now() / 1000) }),
    ).toString('base64url');
    expect(verify({ ...headers, [PRINCIPAL_HEADER]: forged })).toBeNull();
  });

  it('rejects a stale principal', () => {
    const issued = Date.now() - 5 * 60_000;
    expect(verify(signPrincipal(principal, secret, issued))).toBeNull();
  });

  it('rejects missing headers and malformed signatures', () => {
    expect(verifyPrincipal(undefined, undefined, secret)).toBeNull();
    const headers = signPrincipal(principal, secret);
    expect(verify({ ...headers, [PRINCIPAL_SIGNATURE_HEADER]: 'zz' })).toBeNull();
  });

  it('rejects unknown scopes even when correctly signed', () => {
    const headers = signPrincipal({ ...principal, scopes: ['admin:all' as Scope] }, secret);
    expect(verify(headers)).toBeNull();
  });
});
