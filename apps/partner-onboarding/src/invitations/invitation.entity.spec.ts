import { Invitation, type InvitationState } from './invitation.entity';

function invitation(overrides: Partial<InvitationState> = {}) {
  return new Invitation({
    id: 'i1',
    onboardingId: 'o1',
    role: 'representative',
    status: 'pending',
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.pl',
    phone: '501234567',
    documentId: null,
    expiresAt: new Date('2030-01-01'),
    createdAt: new Date(),
    ...overrides,
  });
}

describe('Invitation', () => {
  it('reads as expired after its expiry and opens again when resent', () => {
    const expired = invitation({ expiresAt: new Date('2020-01-01') });
    expect(expired.publicStatus()).toBe('expired');
    expect(expired.isOpen()).toBe(false);
    expired.resend(new Date('2031-01-01'));
    expect(expired.isOpen()).toBe(true);
  });

  it('cancels once, then refuses to be resent', () => {
    const cancelled = invitation();
    expect(cancelled.cancel()).toBe(true);
    expect(cancelled.cancel()).toBe(false);
    expect(cancelled.isOpen()).toBe(false);
    expect(() => cancelled.resend(new Date('2031-01-01'))).toThrow('cannot be resent');
  });

  it('cannot cancel a completed invitation', () => {
    expect(() => invitation({ status: 'completed' }).cancel()).toThrow('cannot be cancelled');
  });
});
