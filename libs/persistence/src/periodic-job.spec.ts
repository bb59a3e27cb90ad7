import type { LoggerService } from '@nestjs/common';
import { PeriodicJob } from './periodic-job';

function logger(): LoggerService & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    log: () => undefined,
    error: () => undefined,
    warn: (m: string) => warnings.push(m),
  };
}

/** A pass the test finishes by hand, counting how often it started. */
function controlledPass() {
  const finishers: Array<(error?: Error) => void> = [];
  const pass = jest.fn(
    () =>
      new Promise<void>((resolve, reject) =>
        finishers.push((error) => (error ? reject(error) : resolve())),
      ),
  );
  return { pass, finish: (error?: Error) => finishers.shift()?.(error) };
}

describe('PeriodicJob', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs a pass every interval, and once at start when asked', async () => {
    const { pass, finish } = controlledPass();
    const job = new PeriodicJob('sweep', pass, logger(), { intervalMs: 1000, runAtStart: true });
    job.start();
    expect(pass).toHaveBeenCalledTimes(1);
    finish();
    await jest.advanceTimersByTimeAsync(1000);
    expect(pass).toHaveBeenCalledTimes(2);
    finish();
    await job.stop();
  });

  it('never runs two passes at once: ticks during a slow pass are skipped', async () => {
    const { pass, finish } = controlledPass();
    const job = new PeriodicJob('sweep', pass, logger(), { intervalMs: 1000 });
    job.start();
    expect(pass).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(3500);
    expect(pass).toHaveBeenCalledTimes(1);
    finish();
    await jest.advanceTimersByTimeAsync(1000);
    expect(pass).toHaveBeenCalledTimes(2);
    finish();
    await job.stop();
  });

  it('logs a failed pass and keeps going', async () => {
    const { pass, finish } = controlledPass();
    const log = logger();
    const job = new PeriodicJob('retention purge', pass, log, { intervalMs: 1000 });
    job.start();
    await jest.advanceTimersByTimeAsync(1000);
    finish(new Error('database down'));
    await jest.advanceTimersByTimeAsync(1000);
    expect(log.warnings).toEqual(['retention purge failed, the next pass retries: database down']);
    expect(pass).toHaveBeenCalledTimes(2);
    finish();
    await job.stop();
  });

  it('stop waits for the running pass and ends the ticks', async () => {
    const { pass, finish } = controlledPass();
    const job = new PeriodicJob('sweep', pass, logger(), { intervalMs: 1000, runAtStart: true });
    job.start();
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await jest.advanceTimersByTimeAsync(5000);
    expect(pass).toHaveBeenCalledTimes(1);
  });
});
