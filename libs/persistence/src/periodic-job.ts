import type { LoggerService } from '@nestjs/common';

export interface PeriodicJobOptions {
  intervalMs: number;
  /** Also run a pass on start: a process restarted more often than the interval still runs it. */
  runAtStart?: boolean;
}

/**
 * Background upkeep of stored data (sweeps, retention purges, expiries): a pass every `intervalMs`,
 * never two at once in this process (a slow pass skips the ticks it overlaps). The timer does not
 * keep the process alive, and `stop` waits for a running pass. A failing pass is logged as
 * "<what> failed, the next pass retries" and not thrown; replicas may run the same job, so each
 * pass must be safe to run concurrently with another process's.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly what: string,
    private readonly pass: () => Promise<unknown>,
    private readonly logger: LoggerService,
    private readonly options: PeriodicJobOptions,
  ) {}

  start(): void {
    if (this.timer) return;
    if (this.options.runAtStart) this.tick();
    this.timer = setInterval(() => this.tick(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    this.running ??= this.pass()
      .then(
        () => undefined,
        (error: Error) =>
          this.logger.warn(`${this.what} failed, the next pass retries: ${error.message}`),
      )
      .finally(() => (this.running = null));
  }
}
