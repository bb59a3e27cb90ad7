import { parseSchedule } from './dispatch-settings';
import { RetrySchedule } from './retry-schedule';

describe('RetrySchedule', () => {
  const schedule = new RetrySchedule(parseSchedule('0,10000,60000,300000,1800000'));

  it('has the spec default of five attempts', () => {
    expect(schedule.attempts).toBe(5);
  });

  it('gives the delay before the next attempt, and none after the last', () => {
    expect([1, 2, 3, 4].map((position) => schedule.delayAfterFailure(position))).toEqual([
      10_000, 60_000, 300_000, 1_800_000,
    ]);
    expect(schedule.delayAfterFailure(5)).toBeNull();
  });

  it('counts positions from the start of the current cycle', () => {
    expect(schedule.positionOf(7, 5)).toBe(2);
  });

  it('declares one retry queue per distinct non-zero delay', () => {
    expect(new RetrySchedule([0, 100, 0, 100, 250]).retryDelays()).toEqual([100, 250]);
  });

  it('rejects malformed schedules', () => {
    expect(() => parseSchedule('0,-1')).toThrow();
    expect(() => parseSchedule('0,x')).toThrow();
  });
});
