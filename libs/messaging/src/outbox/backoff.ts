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
 * A level-triggered wake-up: `notify()` before anyone waits is remembered, so a NOTIFY that arrives
 * while a batch is in flight still causes one more pass.
 */
export class WakeSignal {
  private pending = false;
  private waiter: (() => void) | null = null;

  notify(): void {
    this.pending = true;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  /** Resolves `true` when notified, `false` after `timeoutMs` without a notification. */
  wait(timeoutMs: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        resolve(false);
      }, timeoutMs);
      this.waiter = () => {
        clearTimeout(timer);
        this.pending = false;
        resolve(true);
      };
    });
  }
}
