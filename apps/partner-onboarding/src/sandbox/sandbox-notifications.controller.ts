import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { MayBeOmitted } from '@pc/http';
import { DataSource } from 'typeorm';
import { CurrentPrincipal, RequireScope, type Principal } from '@pc/auth';
import { Scope } from '@pc/contracts';
import { ApiProblems } from '../common/api-docs';
import { UUID_PATTERN } from '../common/uuid-v7';

export class SandboxNotificationsQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only the messages of this invitation.' })
  @MayBeOmitted()
  @Matches(UUID_PATTERN, { message: 'invitation_id must be a UUID' })
  invitation_id?: string;
}

export class SandboxNotification {
  @ApiProperty({ enum: ['email', 'sms'] })
  medium: string;
  @ApiProperty({ example: '+48501234567' })
  recipient: string;
  @ApiProperty({ type: String, nullable: true })
  subject: string | null;
  @ApiProperty()
  body: string;
  @ApiProperty({ example: 'http://localhost:3006/invitations/aTo....x2Q' })
  link: string;
  @ApiProperty({ format: 'uuid' })
  invitation_id: string;
  @ApiProperty({ example: 'shop-4711' })
  onboarding_ref: string;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class SandboxNotificationList {
  @ApiProperty({ type: [SandboxNotification] })
  data: SandboxNotification[];
}

/** Sandbox only (SANDBOX_MODE=true): what the sandbox e-mail/SMS adapter "sent" for this partner, newest first. */
@ApiTags('Sandbox')
@Controller('api/v1/sandbox/notifications')
export class SandboxNotificationsController {
  constructor(private readonly dataSource: DataSource) {}

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
    const rows: SandboxNotification[] = await this.dataSource.query(
      `SELECT medium, recipient, subject, body, link, invitation_id, onboarding_ref, created_at
       FROM sandbox_notifications WHERE partner_id = $1 AND ($2::uuid IS NULL OR invitation_id = $2::uuid)
       ORDER BY id DESC LIMIT 100`,
      [principal.partnerId, query.invitation_id ?? null],
    );
    return { data: rows };
  }
}
