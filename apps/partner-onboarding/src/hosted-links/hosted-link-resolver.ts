import { Injectable } from '@nestjs/common';
import { InvitationsRepository } from '../invitations/invitations.repository';
import { OnboardingsRepository } from '../onboardings/onboardings.repository';
import { HostedLinks } from './hosted-links';

export type HostedLinkState =
  | { state: 'unknown' }
  | { state: 'gone'; kind: 'onboarding' | 'invitation'; reason: string }
  | { state: 'open'; kind: 'invitation'; invitation_id: string; role: string; expires_at: string }
  | {
      state: 'open';
      kind: 'onboarding';
      onboarding_id: string;
      hosted_step: string;
      expires_at: string;
    };

/**
 * What a hosted link opens right now. Read from the database on every call (no cache), so a
 * cancelled invitation's link is gone the moment the cancel commits.
 */
@Injectable()
export class HostedLinkResolver {
  constructor(
    private readonly links: HostedLinks,
    private readonly invitations: InvitationsRepository,
    private readonly onboardings: OnboardingsRepository,
  ) {}

  async resolve(token: string, now = new Date()): Promise<HostedLinkState> {
    const claims = this.links.verify(token);
    if (!claims) return { state: 'unknown' };
    const linkExpired = claims.exp * 1000 <= now.getTime();
    if (claims.kind === 'invitation') {
      const invitation = await this.invitations.findById(claims.id);
      if (!invitation) return { state: 'unknown' };
      const status = invitation.publicStatus(now);
      if (status !== 'pending') return { state: 'gone', kind: 'invitation', reason: status };
      if (linkExpired) return { state: 'gone', kind: 'invitation', reason: 'expired' };
      return {
        state: 'open',
        kind: 'invitation',
        invitation_id: invitation.id,
        role: invitation.role,
        expires_at: new Date(claims.exp * 1000).toISOString(),
      };
    }
    const onboarding = await this.onboardings.findById(claims.id);
    if (!onboarding) return { state: 'unknown' };
    if (!onboarding.awaitsMerchant)
      return { state: 'gone', kind: 'onboarding', reason: onboarding.status };
    if (linkExpired) return { state: 'gone', kind: 'onboarding', reason: 'expired' };
    return {
      state: 'open',
      kind: 'onboarding',
      onboarding_id: onboarding.id,
      hosted_step: onboarding.hostedStep,
      expires_at: new Date(claims.exp * 1000).toISOString(),
    };
  }
}
