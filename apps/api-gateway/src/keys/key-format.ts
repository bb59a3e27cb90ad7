import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Partner key format: `pk_<environment>_<key id>_<secret>`, e.g. `pk_test_4fT9…_Qm2x…`.
 * The key id (16 base62 characters) is public: it names the key in listings, logs and revocation,
 * and lets the gateway find the key's row without scanning. The secret (43 base62 characters,
 * ~256 bits) is never stored: only the SHA-256 hash of the whole key is.
 */
export type KeyEnvironment = 'test' | 'live';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_ID_LENGTH = 16;
export const KEY_SECRET_LENGTH = 43;
const KEY_PATTERN = /^pk_(test|live)_([0-9A-Za-z]{16})_([0-9A-Za-z]{43})$/;
const KEY_ID_PATTERN = /^[0-9A-Za-z]{16}$/;
/** The largest multiple of 62 below 256: bytes at or above it are dropped so no character is favoured. */
const UNBIASED_BYTE_LIMIT = 248;

export interface GeneratedKey {
  keyId: string;
  /** Shown to the partner once, never stored. */
  plaintext: string;
  secretHash: Buffer;
}

export function randomBase62(length: number): string {
  let result = '';
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_BYTE_LIMIT) result += BASE62[byte % 62];
      if (result.length === length) break;
    }
  }
  return result;
}

export function hashPartnerKey(plaintext: string): Buffer {
  return createHash('sha256').update(plaintext, 'utf8').digest();
}

export function generatePartnerKey(environment: KeyEnvironment): GeneratedKey {
  const keyId = randomBase62(KEY_ID_LENGTH);
  const plaintext = `pk_${environment}_${keyId}_${randomBase62(KEY_SECRET_LENGTH)}`;
  return { keyId, plaintext, secretHash: hashPartnerKey(plaintext) };
}

/** The key id of a well-formed key of this environment; null for anything else. */
export function keyIdOf(plaintext: string, environment: KeyEnvironment): string | null {
  const match = KEY_PATTERN.exec(plaintext);
  if (!match || match[1] !== environment) return null;
  return match[2];
}

export function isKeyId(value: string): boolean {
  return KEY_ID_PATTERN.test(value);
}

/** Constant-time comparison of the presented key's hash with the stored one. */
export function matchesStoredHash(plaintext: string, storedHash: Buffer): boolean {
  const presented = hashPartnerKey(plaintext);
  return presented.length === storedHash.length && timingSafeEqual(presented, storedHash);
}

/** The key from an `Authorization: Bearer <key>` header, or null when absent or malformed. */
export function bearerTokenOf(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const separator = authorization.indexOf(' ');
  if (separator < 0 || authorization.slice(0, separator).toLowerCase() !== 'bearer') return null;
  const token = authorization.slice(separator + 1).trim();
  return token.length > 0 ? token : null;
}
