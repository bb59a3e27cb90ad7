import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const FORMAT = 'v1';
const IV_BYTES = 12;

/** Endpoint signing secrets as partners see them: `whsec_` and 32 random bytes. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * AES-256-GCM for signing secrets at rest. The dispatcher must sign with the secret itself, so it
 * cannot be hashed; the endpoint id is bound as associated data, so a ciphertext copied onto another
 * endpoint's row does not decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class SecretCipher {
  private readonly key: Buffer;

  constructor(keyBase64: string) {
    const key = Buffer.from(keyBase64, 'base64');
    if (key.length !== 32)
      throw new Error('WEBHOOK_SECRET_ENCRYPTION_KEY must decode to exactly 32 bytes');
    this.key = key;
  }

  encrypt(secret: string, endpointId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(endpointId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [FORMAT, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string, endpointId: string): string {
    const [format, iv, tag, ciphertext] = stored.split('.');
    if (format !== FORMAT || !iv || !tag || ciphertext === undefined)
      throw new Error('unknown secret ciphertext format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(endpointId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
