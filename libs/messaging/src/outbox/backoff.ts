/**
 * Exponential back-off with jitter: `baseMs * 2^(failures-1)`, capped at `maxMs`, then scaled into
 * [50 %, 100 %] so relays that failed together do not retry in lock-step.
 */
export function backoffDelay(
  failures: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  if (failures <= 0) return 0;
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.min(failures - 1, 30));
  return Math.round(exponential * (0.5 + random() / 2));
}

/**
 * A level-triggered wake-up for one or more waiters: `notify()` wakes one waiter, or is remembered
 * when nobody waits, so a commit signalled while every batch is in flight still causes one more
 * pass; `notifyAll()` wakes every waiter and the next one to come.
 */
export class WakeSignal {
  private pending = false;
  private readonly waiters: Array<() => void> = [];

  notify(): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter();
    else this.pending = true;
  }

  /** Also remembered, for a waiter that is busy now and only waits after this. */
  notifyAll(): void {
    this.pending = true;
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Resolves `true` when notified, `false` after `timeoutMs` without a notification. */
  wait(timeoutMs: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}
