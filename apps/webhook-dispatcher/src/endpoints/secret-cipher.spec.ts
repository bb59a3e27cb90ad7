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
});
