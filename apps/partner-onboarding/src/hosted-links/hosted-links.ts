import { Injectable } from '@nestjs/common';
import { PartnerOnboardingEnv } from '../config/partner-onboarding.env';
import { HostedLinkSigner, type HostedLinkClaims } from './hosted-link-signer';

/** Mints the hosted-flow links this service hands out and reads them back for hosted-flow. */
@Injectable()
export class HostedLinks {
  private readonly signer: HostedLinkSigner;
  private readonly ttlSeconds: number;

  constructor(env: PartnerOnboardingEnv) {
    this.signer = new HostedLinkSigner(env.HOSTED_LINK_SECRET, env.HOSTED_FLOW_BASE_URL);
    this.ttlSeconds = env.HOSTED_LINK_TTL_SECONDS;
  }

  /** A short-lived hand-off to the merchant's hosted flow; a fresh one on every call. */
  onboardingUrl(onboardingId: string, now = Date.now()): string {
    return this.signer.url({
      kind: 'onboarding',
      id: onboardingId,
      exp: Math.floor(now / 1000) + this.ttlSeconds,
    });
  }

  /** The invitation's link lives as long as the invitation; resending mints one with the new expiry. */
  invitationUrl(invitationId: string, expiresAt: Date): string {
    return this.signer.url({
      kind: 'invitation',
      id: invitationId,
      exp: Math.floor(expiresAt.getTime() / 1000),
    });
  }

  verify(token: string): HostedLinkClaims | null {
    return this.signer.verify(token);
  }
}
