import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { Scope } from '@pc/contracts';
import { ApiProblems, ApiRefParam } from '../common/api-docs';
import { InvitedItem } from '../onboardings/dto/onboarding.responses';
import { InvitationList } from './dto/invitation.responses';
import { InviteDto } from './dto/invite.dto';
import { InvitationsService } from './invitations.service';

const ApiInvitationParam = () =>
  ApiParam({ name: 'invitationId', description: 'The `invitation_id`.', format: 'uuid' });

@ApiTags('Onboarding invitations')
@Controller('api/v1/onboarding/:ref/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post()
  @RequireScope(Scope.OnboardingWrite)
  @ApiRefParam()
  @ApiOperation({
    summary: 'Invite Representative Or Beneficial Owner',
    description:
      'Sends an e-mail and an SMS with a hosted link where the person completes the personal steps. The phone is a ' +
      '9-digit Polish mobile number without +48 (prefixes in docs/onboarding.md). `document_id` (an uploaded power of ' +
      'attorney) only for a proxy representative.',
  })
  @ApiBody({
    type: InviteDto,
    examples: {
      representative: {
        value: {
          first_name: 'Piotr',
          last_name: 'Wiśniewski',
          email: 'piotr@example.pl',
          phone: '501234567',
          role: 'representative',
        },
      },
    },
  })
  @ApiResponse({
    status: 201,
    type: InvitedItem,
    description: 'The invitation, without personal data.',
  })
  @ApiProblems([404, 409, 422], {
    422: '`validation_failed` (phone, e-mail, names, role), `document_not_found`.',
  })
  invite(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
    @Body() dto: InviteDto,
  ): Promise<InvitedItem> {
    return this.invitations.invite(principal, ref, dto);
  }

  @Get()
  @RequireScope(Scope.OnboardingWrite)
  @ApiRefParam()
  @ApiOperation({
    summary: 'List Invitations',
    description:
      'All invitations by invitation_id ascending; no personal data; works after activation.',
  })
  @ApiResponse({ status: 200, type: InvitationList })
  @ApiProblems([404])
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
  ): Promise<InvitationList> {
    return this.invitations.list(principal, ref);
  }

  @Post(':invitationId/resend')
  @HttpCode(200)
  @RequireScope(Scope.OnboardingWrite)
  @ApiRefParam()
  @ApiInvitationParam()
  @ApiOperation({
    summary: 'Resend Invitation',
    description: 'Resends the e-mail and SMS; the same invitation, with a refreshed expiry.',
  })
  @ApiResponse({ status: 200, type: InvitedItem })
  @ApiProblems([404, 409], {
    404: 'Unknown `ref` or invitation.',
    409: '`invitation_cancelled` or `invitation_completed`.',
  })
  resend(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
    @Param('invitationId') invitationId: string,
  ): Promise<InvitedItem> {
    return this.invitations.resend(principal, ref, invitationId);
  }

  @Post(':invitationId/cancel')
  @HttpCode(200)
  @RequireScope(Scope.OnboardingWrite)
  @ApiRefParam()
  @ApiInvitationParam()
  @ApiOperation({
    summary: 'Cancel Invitation',
    description:
      'The hosted link answers a "gone" page (410) at once. Cancelling again is a no-op.',
  })
  @ApiResponse({ status: 200, type: InvitedItem })
  @ApiProblems([404, 409], { 404: 'Unknown `ref` or invitation.', 409: '`invitation_completed`.' })
  cancel(
    @CurrentPrincipal() principal: Principal,
    @Param('ref') ref: string,
    @Param('invitationId') invitationId: string,
  ): Promise<InvitedItem> {
    return this.invitations.cancel(principal, ref, invitationId);
  }
}
