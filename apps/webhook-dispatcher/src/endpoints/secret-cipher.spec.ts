import { randomBytes } from 'node:crypto';
import { generateSigningSecret, SecretCipher } from './secret-cipher';

describe('SecretCipher', () => {
  const cipher = new SecretCipher(randomBytes(32).toString('base64'));

  it('round-trips a secret without storing it in the clear', () => {
    const secret = generateSigningSecret();
    const stored = cipher.encrypt(secret, 'endpoint-1');
    expect(stored).not.toContain(secret);
    expect(cipher.decrypt(stored, 'endpoint-1')).toBe(secret);
  });

  it('refuses a ciphertext moved to another endpoint, or under another key', () => {
    const stored = cipher.encrypt('whsec_x', 'endpoint-1');
    expect(() => cipher.decrypt(stored, 'endpoint-2')).toThrow();
    expect(() =>
      new SecretCipher(randomBytes(32).toString('base64')).decrypt(stored, 'endpoint-1'),
    ).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretCipher(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });

  it('decrypts with a previous key during a rotation and tells which rows are on the current key', () => {
    const oldKey = randomBytes(32).toString('base64');
    const newKey = randomBytes(32).toString('base64');
    const underOld = new SecretCipher(oldKey).encrypt('whsec_old', 'endpoint-1');
    const rotating = SecretCipher.fromConfig(newKey, ` ${oldKey} ,`);
    expect(rotating.decrypt(underOld, 'endpoint-1')).toBe('whsec_old');
    expect(rotating.isCurrent(underOld, 'endpoint-1')).toBe(false);
    const underNew = rotating.encrypt('whsec_new', 'endpoint-1');
    expect(rotating.isCurrent(underNew, 'endpoint-1')).toBe(true);
    expect(new SecretCipher(newKey).decrypt(underNew, 'endpoint-1')).toBe('whsec_new');
    expect(() => new SecretCipher(newKey).decrypt(underOld, 'endpoint-1')).toThrow(
      /any configured key/,
    );
  });

  it('needs every previous key to be 32 bytes as well', () => {
    expect(() =>
      SecretCipher.fromConfig(
        randomBytes(32).toString('base64'),
        randomBytes(8).toString('base64'),
      ),
    ).toThrow(/PREVIOUS_ENCRYPTION_KEYS must decode to exactly 32 bytes/);
  });
});
