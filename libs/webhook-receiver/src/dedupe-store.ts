/**
 * Remembers which `X-Webhook-Id`s a receiver has taken on. `reserve` must be atomic (set-if-absent):
 * with Redis it is `SET <id> 1 NX EX <ttl>`, with SQL an insert into a table with the id as key.
 */
export interface DedupeStore {
  /** True if `id` was not held yet and is now held for `ttlSeconds`; false if it already was. */
  reserve(id: string, ttlSeconds: number): Promise<boolean> | boolean;
  /** Forgets `id` so a later retry of the same event is processed (used when processing failed). */
  release(id: string): Promise<void> | void;
}

/** Process-local store: fine for one receiver process; use a shared store when running several. */
export class InMemoryDedupeStore implements DedupeStore {
  private readonly expiresAt = new Map<string, number>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  reserve(id: string, ttlSeconds: number): boolean {
    const now = this.now();
    this.sweep(now);
    const until = this.expiresAt.get(id);
    if (until !== undefined && until > now) return false;
    this.expiresAt.set(id, now + ttlSeconds * 1000);
    return true;
  }

  release(id: string): void {
    this.expiresAt.delete(id);
  }

  get size(): number {
    return this.expiresAt.size;
  }

  /** Drops expired ids at most once a minute, so memory stays bounded by the retention window. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, until] of this.expiresAt) if (until <= now) this.expiresAt.delete(id);
  }
}
