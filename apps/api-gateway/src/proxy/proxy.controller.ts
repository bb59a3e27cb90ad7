import { All, Controller, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { PartnerKeyGuard } from '../authentication/partner-key.guard';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';
import { RouteScopeGuard } from '../routing/route-scope.guard';
import { RouteTableService } from '../routing/route-table.service';
import type { GatewayRequest } from './gateway-request';
import { UpstreamForwarder } from './upstream-forwarder';

/**
 * Every partner API call: authenticate the key (401), count it against the key's rate limit (429),
 * find the operation (404) and check its scope (403), then forward it to the owning service.
 */
@Controller()
@UseGuards(PartnerKeyGuard, RateLimitGuard, RouteScopeGuard)
export class ProxyController {
  constructor(
    private readonly forwarder: UpstreamForwarder,
    private readonly routes: RouteTableService,
  ) {}

  @All('api/v1/*path')
  async forward(@Req() request: GatewayRequest, @Res() response: Response): Promise<void> {
    await this.forwarder.forward(
      request,
      response,
      this.routes.baseUrlOf(request.gatewayRoute!.service),
    );
  }
}
