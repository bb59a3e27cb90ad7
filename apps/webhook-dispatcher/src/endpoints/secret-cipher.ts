import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const FORMAT = 'v1';
const IV_BYTES = 12;

/** Endpoint signing secrets as partners see them: `whsec_` and 32 random bytes. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function keyFrom(keyBase64: string, name: string): Buffer {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32) throw new Error(`${name} must decode to exactly 32 bytes`);
  return key;
}

/**
 * AES-256-GCM for signing secrets at rest. The dispatcher must sign with the secret itself, so it
 * cannot be hashed; the endpoint id is bound as associated data, so a ciphertext copied onto another
 * endpoint's row does not decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 *
 * Key rotation: new secrets are encrypted with the current key; previous keys only decrypt (GCM's
 * tag tells which key fits), until `reencryptSecrets` has moved every row to the current key.
 */
export class SecretCipher {
  private readonly key: Buffer;
  private readonly previousKeys: Buffer[];

  constructor(keyBase64: string, previousKeysBase64: string[] = []) {
    this.key = keyFrom(keyBase64, 'WEBHOOK_SECRET_ENCRYPTION_KEY');
    this.previousKeys = previousKeysBase64.map((previous) =>
      keyFrom(previous, 'each of WEBHOOK_SECRET_PREVIOUS_ENCRYPTION_KEYS'),
    );
  }

  /** From the configuration: the current key and a comma-separated list of previous ones. */
  static fromConfig(keyBase64: string, previousKeysList: string): SecretCipher {
    const previous = previousKeysList
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean);
    return new SecretCipher(keyBase64, previous);
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
    for (const key of [this.key, ...this.previousKeys]) {
      const secret = this.decryptWith(key, stored, endpointId);
      if (secret !== null) return secret;
    }
    throw new Error('secret ciphertext does not decrypt with any configured key');
  }

  /** Whether `stored` is encrypted under the current key (re-encryption leaves it as it is). */
  isCurrent(stored: string, endpointId: string): boolean {
    return this.decryptWith(this.key, stored, endpointId) !== null;
  }

  /** The secret, or null when `key` (or the endpoint id) does not fit. */
  private decryptWith(key: Buffer, stored: string, endpointId: string): string | null {
    const [format, iv, tag, ciphertext] = stored.split('.');
    if (format !== FORMAT || !iv || !tag || ciphertext === undefined)
      throw new Error('unknown secret ciphertext format');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(endpointId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}
