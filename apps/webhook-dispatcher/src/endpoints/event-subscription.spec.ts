import { ProblemException } from '@pc/http';
import { normalizeSubscription, VALID_SUBSCRIPTION_VALUES } from './event-subscription';

describe('normalizeSubscription', () => {
  it('defaults to every event', () => {
    expect(normalizeSubscription(undefined)).toEqual(['*']);
  });

  it('keeps known types once', () => {
    expect(
      normalizeSubscription([
        'verification.completed',
        'verification.completed',
        'verification.failed',
      ]),
    ).toEqual(['verification.completed', 'verification.failed']);
  });

  it('refuses unknown types and lists the valid ones', () => {
    try {
      normalizeSubscription(['verification.completed', 'verification.exploded']);
      throw new Error('expected a problem');
    } catch (error) {
      const problem = (error as ProblemException).problem;
      expect(problem.code).toBe('unknown_event_type');
      expect(problem.errors).toEqual([
        expect.objectContaining({ field: 'events.1', code: 'unknown_event_type' }),
      ]);
      expect(problem.extensions?.valid_event_types).toEqual(VALID_SUBSCRIPTION_VALUES);
    }
  });

  it('refuses the wildcard mixed with types', () => {
    expect(() => normalizeSubscription(['*', 'verification.completed'])).toThrow(ProblemException);
  });
});
