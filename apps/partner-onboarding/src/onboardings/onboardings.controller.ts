import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { Scope } from '@pc/contracts';
import { PageQueryDto } from '@pc/http';
import { ApiProblems, ApiRefParam } from '../common/api-docs';
import { CreateDraftDto } from './dto/create-draft.dto';
import {
  FinalizeResponse,
  OnboardingDraftResponse,
  OnboardingPage,
  OnboardingStatusResponse,
} from './dto/onboarding.responses';
import { OnboardingsService } from './onboardings.service';

@ApiTags('Onboarding')
@Controller('api/v1/onboarding')
export class OnboardingsController {
  constructor(private readonly onboardings: OnboardingsService) {}

  @Post()
  @RequireScope(Scope.OnboardingWrite)
  @ApiOperation({
    summary: 'Create Merchant Onboarding Draft',
    description:
      '`partner_external_ref` is the idempotency key within the channel: a new draft is 201, a repeat returns ' +
      'the existing draft with 200 and the same body. The channel comes from the key; name it only when the key ' +
      'owns several. The response never contains the hosted-flow URL.',
  })
  @ApiBody({
    type: CreateDraftDto,
    examples: {
      one_channel: { value: { partner_external_ref: 'shop-4711' } },
      several_channels: {
        value: { partner_external_ref: 'shop-4711', ref: 'acme-shop', channel: 'marketplace-pl' },
      },
    },
  })
  @ApiResponse({ status: 201, type: OnboardingDraftResponse, description: 'New draft.' })
  @ApiResponse({
    status: 200,
    type: OnboardingDraftResponse,
    description: 'Existing draft for this partner_external_ref.',
  })
  @ApiProblems([409, 422], {
    409: '`ref_taken` (another onboarding uses the ref) or `ref_mismatch` (this partner_external_ref has another ref).',
    422: "`validation_failed`; `channel` required when the key owns several channels; `channel_not_owned` for a channel that is not the key's (no draft is created).",
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() dto: CreateDraftDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OnboardingDraftResponse> {
    const { created, draft } = await this.onboardings.createDraft(principal, dto);
    response.status(created ? 201 : 200);
    return draft;
  }

  @Get()
  @RequireScope(Scope.OnboardingRead)
  @ApiOperation({
    summary: 'List Onboardings',
    description: 'Newest first, keyset pages: stable while drafts are being created.',
  })
  @ApiResponse({ status: 200, type: OnboardingPage })
  @ApiProblems([422], { 422: '`per_page` outside 1–200, or a `cursor` this API did not return.' })
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: PageQueryDto,
  ): Promise<OnboardingPage> {
    return this.onboardings.list(principal, query);
  }

  @Get(':ref')
  @RequireScope(Scope.OnboardingRead)
  @ApiRefParam()
  @ApiOperation({
    summary: 'Get Onboarding Status',
    description: '`next_action` is always present; `invited` carries no personal data.',
  })
  @ApiResponse({ status: 200, type: OnboardingStatusResponse })
  @ApiProblems([404])
  status(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
  ): Promise<OnboardingStatusResponse> {
    return this.onboardings.status(principal, ref);
  }

  @Post(':ref/finalize')
  @HttpCode(200)
  @RequireScope(Scope.OnboardingWrite)
  @ApiRefParam()
  @ApiOperation({
    summary: 'Finalize Onboarding',
    description:
      'Read-only, always 200: the hosted hand-off (`next_action.url`, short-lived and signed, null when the merchant ' +
      'has nothing to do) and `missing[]`, the codes of outstanding data (docs/onboarding.md).',
  })
  @ApiResponse({ status: 200, type: FinalizeResponse })
  @ApiProblems([404])
  finalize(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
  ): Promise<FinalizeResponse> {
    return this.onboardings.finalize(principal, ref);
  }
}
