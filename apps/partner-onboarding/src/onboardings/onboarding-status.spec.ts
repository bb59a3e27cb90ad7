import { ONBOARDING_STATUSES } from '@pc/contracts';
import {
  canTransition,
  EDITABLE_STATUSES,
  ONBOARDING_TRANSITIONS,
  statusForData,
} from './onboarding-status';

describe('onboarding state machine', () => {
  it('covers every status and never leaves a terminal one', () => {
    expect(Object.keys(ONBOARDING_TRANSITIONS).sort()).toEqual([...ONBOARDING_STATUSES].sort());
    for (const terminal of ['active', 'rejected', 'expired'] as const) {
      for (const to of ONBOARDING_STATUSES) expect(canTransition(terminal, to)).toBe(false);
    }
  });

  it('reaches active only through review', () => {
    expect(canTransition('draft', 'active')).toBe(false);
    expect(canTransition('awaiting_merchant', 'active')).toBe(false);
    expect(canTransition('in_review', 'active')).toBe(true);
  });

  it('moves between draft and awaiting_merchant with the completeness of the data', () => {
    expect(statusForData('draft', true)).toBe('awaiting_merchant');
    expect(statusForData('draft', false)).toBeNull();
    expect(statusForData('awaiting_merchant', false)).toBe('draft');
    expect(statusForData('awaiting_merchant', true)).toBeNull();
    expect(statusForData('in_review', false)).toBeNull();
  });

  it('lets the partner edit only before review', () => {
    expect(EDITABLE_STATUSES).toEqual(['draft', 'awaiting_merchant']);
  });
});
