/**
 * The retry schedule: `scheduleMs[k]` is the wait before attempt `k + 1` of a cycle (the first is
 * normally 0). Attempt numbers are counted over a delivery's life; a resend starts a new cycle.
 */
export class RetrySchedule {
  constructor(readonly delaysMs: readonly number[]) {
    if (delaysMs.length === 0) throw new Error('a retry schedule needs at least one attempt');
  }

  get attempts(): number {
    return this.delaysMs.length;
  }

  /** 1-based position of `attemptNumber` within the cycle that started after `cycleStart` attempts. */
  positionOf(attemptNumber: number, cycleStart: number): number {
    return attemptNumber - cycleStart;
  }

  /** After a failed attempt at `position`: the delay before the next one, or null when it was the last. */
  delayAfterFailure(position: number): number | null {
    return position < this.delaysMs.length ? this.delaysMs[position] : null;
  }

  /** The distinct non-zero delays: one retry queue each. */
  retryDelays(): number[] {
    return [...new Set(this.delaysMs.slice(1).filter((delay) => delay > 0))].sort((a, b) => a - b);
  }
}
