import { ApiProperty } from '@nestjs/swagger';
import { InvitedItem } from '../../onboardings/dto/onboarding.responses';
import type { Invitation } from '../invitation.entity';

export class InvitationList {
  @ApiProperty({
    type: [InvitedItem],
    description: 'Every invitation, by invitation_id ascending. No personal data.',
  })
  data: InvitedItem[];
}

/** The partner-facing view of an invitation: never the person's data. */
export function toInvitedItem(invitation: Invitation, now = new Date()): InvitedItem {
  return {
    invitation_id: invitation.id,
    role: invitation.role,
    status: invitation.publicStatus(now),
    expires_at: invitation.expiresAt.toISOString(),
    created_at: invitation.createdAt.toISOString(),
  };
}
