import { Injectable, Logger } from '@nestjs/common';
import { request } from 'undici';
import { HostedFlowEnv } from '../config/hosted-flow.env';

/** What partner-onboarding says a link opens (its `internal/hosted-links` answer). */
export type LinkState =
  | { state: 'unknown' }
  | { state: 'unavailable' }
  | { state: 'gone'; kind: 'onboarding' | 'invitation'; reason: string }
  | { state: 'open'; kind: 'invitation'; invitation_id: string; role: string; expires_at: string }
  | {
      state: 'open';
      kind: 'onboarding';
      onboarding_id: string;
      hosted_step: string;
      expires_at: string;
    };

/** Hosted tokens as partner-onboarding mints them: `<base64url payload>.<base64url HMAC>`. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{10,200}\.[A-Za-z0-9_-]{43}$/;

/**
 * Asks partner-onboarding, on every page view and without caching, what a link opens: the only
 * way a cancelled invitation's link can be gone the moment the cancel commits.
 */
@Injectable()
export class HostedLinkLookup {
  private readonly logger = new Logger(HostedLinkLookup.name);

  constructor(private readonly env: HostedFlowEnv) {}

  async lookup(token: string): Promise<LinkState> {
    if (!TOKEN_SHAPE.test(token)) return { state: 'unknown' };
    const url = `${this.env.PARTNER_ONBOARDING_URL.replace(/\/+$/, '')}/internal/hosted-links/${token}`;
    try {
      const response = await request(url, {
        method: 'GET',
        headersTimeout: this.env.LINK_LOOKUP_TIMEOUT_MS,
        bodyTimeout: this.env.LINK_LOOKUP_TIMEOUT_MS,
      });
      if (response.statusCode === 404) {
        await response.body.dump();
        return { state: 'unknown' };
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        this.logger.warn(`partner-onboarding answered ${response.statusCode} to a link lookup`);
        return { state: 'unavailable' };
      }
      return (await response.body.json()) as LinkState;
    } catch (error) {
      this.logger.warn(
        `partner-onboarding unreachable for a link lookup: ${(error as Error).message}`,
      );
      return { state: 'unavailable' };
    }
  }
}
