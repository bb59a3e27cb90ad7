import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { MayBeOmitted } from '@pc/http';

export class SandboxNotificationsQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only the messages of this invitation.' })
  @MayBeOmitted()
  @IsUUID('loose')
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
