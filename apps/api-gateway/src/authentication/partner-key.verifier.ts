import type { Scope } from '@pc/contracts';
import { keyIdOf, matchesStoredHash, type KeyEnvironment } from '../keys/key-format';
import type { ActiveKeyRecord } from '../keys/partner-keys.service';

/** An authenticated caller: what the gateway puts into the signed principal. */
export interface VerifiedKey {
  keyId: string;
  partnerId: string;
  channels: string[];
  scopes: Scope[];
}

export interface KeyVerifierOptions {
  environment: KeyEnvironment;
  /** How long a lookup (found or not) is reused: the longest a revocation takes to apply. */
  cacheTtlMs: number;
  maxCachedKeys?: number;
}

interface CachedLookup {
  expiresAt: number;
  record: Promise<ActiveKeyRecord | null>;
}

const DEFAULT_MAX_CACHED_KEYS = 10_000;

/**
 * Verifies partner keys: finds the row by the key's public id, then compares SHA-256 hashes in
 * constant time. Lookups are cached per key id for a few seconds so the hot path does no database
 * round trip; concurrent misses for one id share a single query.
 */
export class PartnerKeyVerifier {
  private readonly cache = new Map<string, CachedLookup>();
  private readonly maxCachedKeys: number;

  constructor(
    private readonly findActive: (keyId: string) => Promise<ActiveKeyRecord | null>,
    private readonly options: KeyVerifierOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.maxCachedKeys = options.maxCachedKeys ?? DEFAULT_MAX_CACHED_KEYS;
  }

  async verify(plaintext: string | null): Promise<VerifiedKey | null> {
    if (!plaintext) return null;
    const keyId = keyIdOf(plaintext, this.options.environment);
    if (!keyId) return null;
    const record = await this.lookup(keyId);
    if (!record || !matchesStoredHash(plaintext, record.secretHash)) return null;
    return {
      keyId: record.keyId,
      partnerId: record.partnerId,
      channels: record.channels,
      scopes: record.scopes,
    };
  }

  private lookup(keyId: string): Promise<ActiveKeyRecord | null> {
    const now = this.now();
    const cached = this.cache.get(keyId);
    if (cached && cached.expiresAt > now) return cached.record;
    if (cached) this.cache.delete(keyId);
    const record = this.findActive(keyId);
    if (this.options.cacheTtlMs > 0) {
      this.evictOldestWhenFull();
      this.cache.set(keyId, { expiresAt: now + this.options.cacheTtlMs, record });
      // A failed lookup (database down) is never cached: the next request tries again.
      record.catch(() => this.cache.delete(keyId));
    }
    return record;
  }

  private evictOldestWhenFull(): void {
    if (this.cache.size < this.maxCachedKeys) return;
    const oldest = this.cache.keys().next();
    if (!oldest.done) this.cache.delete(oldest.value);
  }
}
