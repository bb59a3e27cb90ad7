import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a hosted link opens: the merchant's onboarding flow, or an invited person's steps. */
export type HostedLinkKind = 'onboarding' | 'invitation';

export interface HostedLinkClaims {
  kind: HostedLinkKind;
  /** Onboarding id or invitation id. */
  id: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const PATH_BY_KIND: Record<HostedLinkKind, string> = {
  onboarding: 'onboarding',
  invitation: 'invitations',
};
const KIND_CODE: Record<HostedLinkKind, string> = { onboarding: 'o', invitation: 'i' };
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{10,200}\.[A-Za-z0-9_-]{43}$/;

/**
 * Hosted-flow links: `<base>/<path>/<payload>.<HMAC-SHA256>`. The payload names what the link opens
 * and when it stops working; only this service holds the key, so only it can mint or read one.
 */
export class HostedLinkSigner {
  constructor(
    private readonly secret: string,
    private readonly baseUrl: string,
  ) {}

  url(claims: HostedLinkClaims): string {
    return `${this.baseUrl.replace(/\/+$/, '')}/${PATH_BY_KIND[claims.kind]}/${this.token(claims)}`;
  }

  token(claims: HostedLinkClaims): string {
    const payload = Buffer.from(
      `${KIND_CODE[claims.kind]}:${claims.id}:${claims.exp}`,
      'utf8',
    ).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The claims of a token this service signed (expired or not), or null for anything else. */
  verify(token: string): HostedLinkClaims | null {
    if (!TOKEN_PATTERN.test(token)) return null;
    const [payload, signature] = token.split('.');
    const expected = Buffer.from(this.sign(payload), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const [code, id, exp] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
    const kind = (Object.keys(KIND_CODE) as HostedLinkKind[]).find(
      (candidate) => KIND_CODE[candidate] === code,
    );
    if (!kind || !id || !/^\d+$/.test(exp ?? '')) return null;
    return { kind, id, exp: Number(exp) };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}
