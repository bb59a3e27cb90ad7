import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { PublicRoute } from '@pc/http';
import { HostedLinkLookup, type LinkState } from '../links/hosted-link-lookup';
import { NOT_FOUND_PAGE, page, UNAVAILABLE_PAGE } from './page';

const ROLE_WORDS: Record<string, string> = {
  representative: 'a representative',
  beneficial_owner: 'a beneficial owner',
};
const GONE_REASONS: Record<string, string> = {
  cancelled: 'This invitation has been cancelled.',
  expired: 'This link has expired. Ask for a new one.',
  completed: 'These steps have already been completed.',
};

/** Merchant-facing pages reached by signed links: the invitation page and the onboarding hand-off. */
@ApiExcludeController()
@PublicRoute()
@Controller()
export class HostedPagesController {
  constructor(private readonly links: HostedLinkLookup) {}

  /** 200 while the invitation is open; 410 "gone" as soon as it is cancelled or expired. */
  @Get('invitations/:token')
  async invitation(@Param('token') token: string, @Res() response: Response): Promise<void> {
    const link = await this.links.lookup(token);
    if (link.state === 'open' && link.kind === 'invitation') {
      const until = link.expires_at.slice(0, 10);
      send(
        response,
        200,
        page('You are invited', [
          `You have been invited as ${ROLE_WORDS[link.role] ?? 'a participant'} to complete a few personal steps of a merchant onboarding.`,
          `This link is valid until ${until}.`,
        ]),
      );
      return;
    }
    this.answerOtherwise(response, link, 'invitation');
  }

  @Get('onboarding/:token')
  async onboarding(@Param('token') token: string, @Res() response: Response): Promise<void> {
    const link = await this.links.lookup(token);
    if (link.state === 'open' && link.kind === 'onboarding') {
      send(
        response,
        200,
        page('Complete your onboarding', [`Next step: ${link.hosted_step.replace(/_/g, ' ')}.`]),
      );
      return;
    }
    this.answerOtherwise(response, link, 'onboarding');
  }

  private answerOtherwise(
    response: Response,
    link: LinkState,
    kind: 'invitation' | 'onboarding',
  ): void {
    if (link.state === 'unavailable') {
      send(response, 503, UNAVAILABLE_PAGE);
    } else if (link.state === 'gone' && link.kind === kind) {
      send(
        response,
        410,
        page('This link is no longer active', [
          GONE_REASONS[link.reason] ?? 'This onboarding no longer needs you here.',
        ]),
      );
    } else {
      send(response, 404, NOT_FOUND_PAGE);
    }
  }
}

function send(response: Response, status: number, html: string): void {
  response
    .status(status)
    .setHeader('Cache-Control', 'no-store')
    .setHeader('Referrer-Policy', 'no-referrer')
    .setHeader('X-Frame-Options', 'DENY')
    .type('html')
    .send(html);
}
