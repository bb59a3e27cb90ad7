import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Scope } from '@pc/contracts';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import type { Page } from '@pc/http';
import { DeliveriesService } from './deliveries.service';
import {
  DeliveryPageResponse,
  DeliveryQueryDto,
  DeliveryResponse,
  RecoverDeliveriesDto,
  RecoverResponse,
} from './dto/delivery.dto';

const PROBLEM = { description: 'application/problem+json' };

@ApiTags('Webhooks')
@Controller('api/v1/webhooks/:id/deliveries')
@ApiParam({ name: 'id', format: 'uuid', description: 'Webhook endpoint id' })
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @Get()
  @RequireScope(Scope.WebhooksRead)
  @ApiOperation({
    summary: "List an endpoint's deliveries with their attempts",
    description: 'Newest first; filter by status and event type.',
  })
  @ApiResponse({ status: 200, type: DeliveryPageResponse })
  @ApiResponse({ status: 404, ...PROBLEM })
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') endpointId: string,
    @Query() query: DeliveryQueryDto,
  ): Promise<Page<DeliveryResponse>> {
    return this.deliveries.list(principal, endpointId, query);
  }

  @Post('recover')
  @HttpCode(202)
  @RequireScope(Scope.WebhooksWrite)
  @ApiOperation({
    summary: 'Send failed and skipped deliveries again',
    description:
      'Every failed or skipped delivery created since `since` starts a fresh retry schedule. Use after reactivating an endpoint.',
  })
  @ApiResponse({ status: 202, type: RecoverResponse })
  @ApiResponse({ status: 409, ...PROBLEM, description: 'The endpoint is inactive.' })
  async recover(
    @CurrentPrincipal() principal: Principal,
    @Param('id') endpointId: string,
    @Body() dto: RecoverDeliveriesDto,
  ): Promise<RecoverResponse> {
    return { recovered: await this.deliveries.recover(principal, endpointId, new Date(dto.since)) };
  }

  @Get(':deliveryId')
  @RequireScope(Scope.WebhooksRead)
  @ApiOperation({ summary: 'Get one delivery with its attempts' })
  @ApiParam({ name: 'deliveryId', format: 'uuid' })
  @ApiResponse({ status: 200, type: DeliveryResponse })
  @ApiResponse({ status: 404, ...PROBLEM })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') endpointId: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<DeliveryResponse> {
    return this.deliveries.get(principal, endpointId, deliveryId);
  }

  @Post(':deliveryId/resend')
  @HttpCode(202)
  @RequireScope(Scope.WebhooksWrite)
  @ApiOperation({
    summary: 'Resend one delivery now',
    description: 'A finished delivery starts a fresh retry schedule.',
  })
  @ApiParam({ name: 'deliveryId', format: 'uuid' })
  @ApiResponse({ status: 202, type: DeliveryResponse })
  @ApiResponse({ status: 404, ...PROBLEM })
  @ApiResponse({
    status: 409,
    ...PROBLEM,
    description: 'Endpoint inactive, or an attempt is in flight.',
  })
  resend(
    @CurrentPrincipal() principal: Principal,
    @Param('id') endpointId: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<DeliveryResponse> {
    return this.deliveries.resend(principal, endpointId, deliveryId);
  }
}
