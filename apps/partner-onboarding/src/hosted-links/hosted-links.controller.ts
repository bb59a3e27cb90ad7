import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ProblemException, PublicRoute } from '@pc/http';
import { HostedLinkResolver, type HostedLinkState } from './hosted-link-resolver';

/**
 * Internal: hosted-flow asks what a link opens. Left out of the OpenAPI document, so the gateway
 * never routes it; the signed token in the path is the only authority it accepts.
 */
@ApiExcludeController()
@PublicRoute()
@Controller('internal/hosted-links')
export class HostedLinksController {
  constructor(private readonly resolver: HostedLinkResolver) {}

  @Get(':token')
  @Header('Cache-Control', 'no-store')
  async resolve(@Param('token') token: string): Promise<HostedLinkState> {
    const state = await this.resolver.resolve(token);
    if (state.state === 'unknown') throw ProblemException.notFound('Hosted link');
    return state;
  }
}
