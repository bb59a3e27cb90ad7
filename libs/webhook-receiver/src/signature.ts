import { createHmac, timingSafeEqual } from 'node:crypto';

/** Prefix of every value in `X-Signature`: the algorithm name. */
export const SIGNATURE_SCHEME = 'sha256';

/** The header names a delivery carries (lower-case, as Node's `IncomingMessage.headers` has them). */
export const WebhookHeader = {
  Id: 'x-webhook-id',
  Signature: 'x-signature',
  Timestamp: 'x-timestamp',
} as const;

/** Hex HMAC-SHA256 of `"{timestamp}.{raw body}"` keyed with the endpoint's secret (its UTF-8 bytes). */
export function computeSignature(
  secret: string,
  timestamp: string | number,
  rawBody: string | Buffer,
): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/**
 * The `X-Signature` value for one or more secrets: `sha256=<hex>`, or during a secret rotation's
 * overlap window `sha256=<hex with new secret>,sha256=<hex with old secret>`.
 */
export function signatureHeader(
  secrets: readonly string[],
  timestamp: string | number,
  rawBody: string | Buffer,
): string {
  return secrets
    .map((secret) => `${SIGNATURE_SCHEME}=${computeSignature(secret, timestamp, rawBody)}`)
    .join(',');
}

/** The hex signatures listed in an `X-Signature` value; entries of other schemes are ignored. */
export function parseSignatureHeader(header: string): string[] {
  return header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${SIGNATURE_SCHEME}=`))
    .map((part) => part.slice(SIGNATURE_SCHEME.length + 1))
    .filter((hex) => /^[0-9a-f]{64}$/i.test(hex));
}

/** Constant-time comparison of two hex signatures. */
export function signaturesEqual(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(givenHex.toLowerCase(), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
