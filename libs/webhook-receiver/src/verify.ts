import {
  computeSignature,
  parseSignatureHeader,
  signaturesEqual,
  WebhookHeader,
} from './signature';

/** Header values as Node gives them (`req.headers`), or any lookup by lower-case name. */
export type HeaderSource =
  Record<string, string | string[] | undefined> | ((name: string) => string | undefined);

export interface VerifyOptions {
  /** Every secret currently valid for the endpoint: one normally, two while you roll a new one out. */
  secrets: readonly string[];
  /** Largest accepted difference between `X-Timestamp` and now. Default 300 s. */
  toleranceSeconds?: number;
  /** Current time in ms (for tests). */
  now?: number;
}

export type VerificationFailure =
  'missing_header' | 'malformed_timestamp' | 'timestamp_outside_tolerance' | 'signature_mismatch';

export type VerificationResult =
  { ok: true; webhookId: string; timestamp: number } | { ok: false; reason: VerificationFailure };

export const DEFAULT_TOLERANCE_SECONDS = 300;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof headers === 'function') return headers(name);
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks a delivery before anything else reads it: the timestamp is within the tolerance (a captured
 * request cannot be replayed later) and one of the `X-Signature` values is the HMAC of
 * `"{X-Timestamp}.{raw body}"` under one of `secrets`. `rawBody` must be the bytes as received,
 * before any JSON parsing.
 */
export function verifyWebhook(
  headers: HeaderSource,
  rawBody: string | Buffer,
  options: VerifyOptions,
): VerificationResult {
  const webhookId = header(headers, WebhookHeader.Id);
  const signature = header(headers, WebhookHeader.Signature);
  const timestampText = header(headers, WebhookHeader.Timestamp);
  if (!webhookId || !signature || !timestampText) return { ok: false, reason: 'missing_header' };
  if (!/^\d{1,12}$/.test(timestampText)) return { ok: false, reason: 'malformed_timestamp' };
  const timestamp = Number(timestampText);
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(nowSeconds - timestamp) > tolerance)
    return { ok: false, reason: 'timestamp_outside_tolerance' };
  const given = parseSignatureHeader(signature);
  const matches = options.secrets.some((secret) => {
    const expected = computeSignature(secret, timestampText, rawBody);
    return given.some((candidate) => signaturesEqual(expected, candidate));
  });
  return matches ? { ok: true, webhookId, timestamp } : { ok: false, reason: 'signature_mismatch' };
}
