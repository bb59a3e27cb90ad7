import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { Scope } from '@pc/contracts';
import { ApiProblems } from '../common/api-docs';
import {
  SandboxNotificationList,
  SandboxNotificationsQuery,
} from './dto/sandbox-notifications.dto';
import { SandboxNotificationsRepository } from './sandbox-notifications.repository';

/** Sandbox only (SANDBOX_MODE=true): what the sandbox e-mail/SMS adapter "sent" for this partner, newest first. */
@ApiTags('Sandbox')
@Controller('api/v1/sandbox/notifications')
export class SandboxNotificationsController {
  constructor(private readonly notifications: SandboxNotificationsRepository) {}

  @Get()
  @RequireScope(Scope.OnboardingRead)
  @ApiOperation({
    summary: 'List sandbox notifications',
    description: 'The last 100 e-mails and SMS the sandbox adapter kept for this partner.',
  })
  @ApiOkResponse({ type: SandboxNotificationList })
  @ApiProblems([422])
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: SandboxNotificationsQuery,
  ): Promise<SandboxNotificationList> {
    return { data: await this.notifications.latest(principal.partnerId, query.invitation_id) };
  }
}
