import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Scope } from '@pc/contracts';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { PageQueryDto, type Page } from '@pc/http';
import {
  CreateEndpointDto,
  EndpointPageResponse,
  EndpointResponse,
  EndpointWithSecretResponse,
  RotateSecretDto,
  TestDeliveryResponse,
  UpdateEndpointDto,
} from './dto/endpoint.dto';
import { EndpointsService } from './endpoints.service';

const PROBLEM = { description: 'application/problem+json' };

@ApiTags('Webhooks')
@Controller('api/v1/webhooks')
export class EndpointsController {
  constructor(private readonly endpoints: EndpointsService) {}

  @Post()
  @RequireScope(Scope.WebhooksWrite)
  @ApiOperation({
    summary: 'Register a webhook endpoint',
    description:
      'Returns the signing secret once. Unknown event types are refused with the list of valid ones.',
  })
  @ApiResponse({ status: 201, type: EndpointWithSecretResponse })
  @ApiResponse({ status: 422, ...PROBLEM })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() dto: CreateEndpointDto,
  ): Promise<EndpointWithSecretResponse> {
    return this.endpoints.create(principal, dto);
  }

  @Get()
  @RequireScope(Scope.WebhooksRead)
  @ApiOperation({ summary: 'List webhook endpoints' })
  @ApiResponse({ status: 200, type: EndpointPageResponse })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: PageQueryDto,
  ): Promise<Page<EndpointResponse>> {
    return this.endpoints.list(principal, query.cursor, query.per_page);
  }

  @Get(':id')
  @RequireScope(Scope.WebhooksRead)
  @ApiOperation({ summary: 'Get a webhook endpoint with its monitoring fields' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiResponse({ status: 200, type: EndpointResponse })
  @ApiResponse({ status: 404, ...PROBLEM })
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<EndpointResponse> {
    return this.endpoints.get(principal, id);
  }

  @Patch(':id')
  @RequireScope(Scope.WebhooksWrite)
  @ApiOperation({
    summary: 'Change or reactivate a webhook endpoint',
    description:
      '`is_active: true` reactivates a disabled endpoint and resets `failure_count` to 0.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiResponse({ status: 200, type: EndpointResponse })
  @ApiResponse({ status: 404, ...PROBLEM })
  @ApiResponse({ status: 422, ...PROBLEM })
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() dto: UpdateEndpointDto,
  ): Promise<EndpointResponse> {
    return this.endpoints.update(principal, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope(Scope.WebhooksWrite)
  @ApiOperation({ summary: 'Delete a webhook endpoint and its delivery history' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiResponse({ status: 404, ...PROBLEM })
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.endpoints.remove(principal, id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @RequireScope(Scope.WebhooksWrite)
  @ApiOperation({
    summary: 'Rotate the signing secret',
    description:
      'Returns the new secret once. With `overlap_seconds`, deliveries carry both signatures until the window ends: ' +
      '`X-Signature: sha256=<new>,sha256=<old>`.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiResponse({ status: 200, type: EndpointWithSecretResponse })
  @ApiResponse({ status: 404, ...PROBLEM })
  rotateSecret(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() dto: RotateSecretDto,
  ): Promise<EndpointWithSecretResponse> {
    return this.endpoints.rotateSecret(principal, id, dto);
  }

  @Post(':id/test')
  @HttpCode(202)
  @RequireScope(Scope.WebhooksWrite)
  @ApiOperation({
    summary: 'Send a verification.test event to the endpoint',
    description: 'Goes through the ordinary delivery pipeline.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiResponse({ status: 202, type: TestDeliveryResponse })
  @ApiResponse({ status: 404, ...PROBLEM })
  @ApiResponse({
    status: 409,
    ...PROBLEM,
    description: 'The endpoint is inactive: reactivate it first.',
  })
  sendTest(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<TestDeliveryResponse> {
    return this.endpoints.sendTest(principal, id);
  }
}
