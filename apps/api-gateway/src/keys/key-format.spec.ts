import fc from 'fast-check';
import {
  bearerTokenOf,
  generatePartnerKey,
  hashPartnerKey,
  isKeyId,
  keyIdOf,
  matchesStoredHash,
  randomBase62,
} from './key-format';

describe('partner key format', () => {
  it('issues pk_test_ keys whose id part is the key id', () => {
    const key = generatePartnerKey('test');
    expect(key.plaintext).toMatch(/^pk_test_[0-9A-Za-z]{16}_[0-9A-Za-z]{43}$/);
    expect(keyIdOf(key.plaintext, 'test')).toBe(key.keyId);
    expect(isKeyId(key.keyId)).toBe(true);
  });

  it('stores only the SHA-256 of the whole key', () => {
    const key = generatePartnerKey('test');
    expect(key.secretHash).toEqual(hashPartnerKey(key.plaintext));
    expect(key.secretHash).toHaveLength(32);
    expect(key.secretHash.toString('utf8')).not.toContain(key.plaintext.slice(25));
  });

  it('never issues the same key twice', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generatePartnerKey('test').plaintext));
    expect(keys.size).toBe(2000);
  });

  it('produces base62 strings of the asked length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (length) => {
        expect(randomBase62(length)).toMatch(new RegExp(`^[0-9A-Za-z]{${length}}$`));
      }),
    );
  });

  it('accepts a key only in its own environment', () => {
    const live = generatePartnerKey('live');
    expect(live.plaintext.startsWith('pk_live_')).toBe(true);
    expect(keyIdOf(live.plaintext, 'test')).toBeNull();
    expect(keyIdOf(live.plaintext, 'live')).toBe(live.keyId);
  });

  it('rejects malformed keys', () => {
    const { plaintext } = generatePartnerKey('test');
    for (const candidate of [
      '',
      'pk_test_',
      plaintext.slice(0, -1),
      `${plaintext}x`,
      plaintext.replace('_', '-'),
      `sk${plaintext.slice(2)}`,
    ]) {
      expect(keyIdOf(candidate, 'test')).toBeNull();
    }
    fc.assert(fc.property(fc.string(), (candidate) => keyIdOf(candidate, 'test') === null));
  });

  it('verifies the presented key against the stored hash', () => {
    const key = generatePartnerKey('test');
    expect(matchesStoredHash(key.plaintext, key.secretHash)).toBe(true);
    const tampered = `${key.plaintext.slice(0, -1)}${key.plaintext.endsWith('a') ? 'b' : 'a'}`;
    expect(matchesStoredHash(tampered, key.secretHash)).toBe(false);
    expect(matchesStoredHash(key.plaintext, Buffer.alloc(16))).toBe(false);
  });

  it('reads the bearer token from the Authorization header', () => {
    expect(bearerTokenOf('Bearer pk_test_x')).toBe('pk_test_x');
    expect(bearerTokenOf('bearer  pk_test_x ')).toBe('pk_test_x');
    expect(bearerTokenOf('Basic abc')).toBeNull();
    expect(bearerTokenOf('Bearer')).toBeNull();
    expect(bearerTokenOf('Bearer ')).toBeNull();
    expect(bearerTokenOf(undefined)).toBeNull();
  });
});
