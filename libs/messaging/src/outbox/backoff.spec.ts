import { backoffDelay, WakeSignal } from './backoff';

describe('backoffDelay', () => {
  it('is zero before any failure', () => {
    expect(backoffDelay(0, 100, 1000)).toBe(0);
  });

  it('doubles per failure and never exceeds the cap', () => {
    const top = () => 1;
    expect(backoffDelay(1, 100, 10_000, top)).toBe(100);
    expect(backoffDelay(2, 100, 10_000, top)).toBe(200);
    expect(backoffDelay(4, 100, 10_000, top)).toBe(800);
    expect(backoffDelay(50, 100, 10_000, top)).toBe(10_000);
  });

  it('jitters into the upper half of the window', () => {
    expect(backoffDelay(3, 100, 10_000, () => 0)).toBe(200);
  });
});

describe('WakeSignal', () => {
  it('remembers a notification that came before the wait', async () => {
    const signal = new WakeSignal();
    signal.notify();
    await expect(signal.wait(10_000)).resolves.toBe(true);
  });

  it('wakes a waiter and times out without one', async () => {
    const signal = new WakeSignal();
    const woken = signal.wait(10_000);
    signal.notify();
    await expect(woken).resolves.toBe(true);
    await expect(signal.wait(5)).resolves.toBe(false);
  });

  it('wakes one waiter per notify, and every waiter and the next one on notifyAll', async () => {
    const signal = new WakeSignal();
    const woken: number[] = [];
    const waits = [1, 2, 3].map((n) => signal.wait(10_000).then(() => woken.push(n)));
    signal.notify();
    await waits[0];
    expect(woken).toEqual([1]);
    signal.notifyAll();
    await Promise.all(waits);
    expect(woken.sort()).toEqual([1, 2, 3]);
    await expect(signal.wait(5)).resolves.toBe(true);
    await expect(signal.wait(5)).resolves.toBe(false);
  });
});
