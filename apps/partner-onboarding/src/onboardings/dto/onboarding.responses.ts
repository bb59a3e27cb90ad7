import { ApiProperty } from '@nestjs/swagger';
import { ONBOARDING_STATUSES, type OnboardingStatus } from '@pc/contracts';
import { MissingCode } from '../missing-segments';

export class OnboardingDraftResponse {
  @ApiProperty({ format: 'uuid', example: '6f1c2a9e-4b7d-4c1e-9a55-0c1f5b0e7d21' })
  id: string;
  @ApiProperty({ example: 'shop-4711' })
  ref: string;
  @ApiProperty({ example: 'shop-4711' })
  partner_external_ref: string;
  @ApiProperty({ example: 'marketplace-pl' })
  channel: string;
  @ApiProperty({ enum: ONBOARDING_STATUSES, example: 'draft' })
  status: OnboardingStatus;
  @ApiProperty({ format: 'date-time', example: '2026-11-22T10:15:00.000Z' })
  created_at: string;
}

export class OnboardingListItem {
  @ApiProperty({ format: 'uuid', example: '6f1c2a9e-4b7d-4c1e-9a55-0c1f5b0e7d21' })
  id: string;
  @ApiProperty({ example: 'shop-4711' })
  ref: string;
  @ApiProperty({ example: 'marketplace-pl' })
  channel: string;
  @ApiProperty({ enum: ONBOARDING_STATUSES, example: 'draft' })
  status: OnboardingStatus;
}

export class OnboardingPage {
  @ApiProperty({ type: [OnboardingListItem] })
  data: OnboardingListItem[];
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'eyJrIjoiMTIiLCJpZCI6Ii4uLiJ9',
    description: '`null` on the last page.',
  })
  next_cursor: string | null;
}

export class NextAction {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Short-lived signed hosted-flow URL while the merchant has steps to complete; otherwise null.',
    example: 'https://hosted.partner-connect.dev/onboarding/bzo2ZjFj....Q2x8',
  })
  url: string | null;
}

export class InvitedItem {
  @ApiProperty({ format: 'uuid', example: '01935b7e-3c2a-7d4e-8f10-2b3c4d5e6f70' })
  invitation_id: string;
  @ApiProperty({ enum: ['representative', 'beneficial_owner'] })
  role: string;
  @ApiProperty({ enum: ['pending', 'completed', 'cancelled', 'expired'] })
  status: string;
  @ApiProperty({ format: 'date-time' })
  expires_at: string;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class OnboardingStatusResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ example: 'shop-4711' })
  ref: string;
  @ApiProperty({ example: 'marketplace-pl' })
  channel: string;
  @ApiProperty({ enum: ONBOARDING_STATUSES, example: 'awaiting_merchant' })
  status: OnboardingStatus;
  @ApiProperty({ type: NextAction })
  next_action: NextAction;
  @ApiProperty({
    type: [InvitedItem],
    description: 'Invitations without personal data, by invitation_id.',
  })
  invited: InvitedItem[];
}

export class RequiredDocument {
  @ApiProperty({ format: 'uuid', description: 'Upload with this `document_id`.' })
  document_id: string;
  @ApiProperty({ example: 'regulated_activity_licence' })
  document_type: string;
  @ApiProperty({
    example: '92.00.Z',
    description: 'The regulated activity (PKD code) that requires it.',
  })
  required_for: string;
  @ApiProperty({ enum: ['required', 'uploaded'] })
  status: string;
}

export class FinalizeResponse {
  @ApiProperty({ example: 'shop-4711' })
  ref: string;
  @ApiProperty({ enum: ONBOARDING_STATUSES, example: 'draft' })
  status: OnboardingStatus;
  @ApiProperty({ type: NextAction })
  next_action: NextAction;
  @ApiProperty({ enum: Object.values(MissingCode), isArray: true, example: ['beneficial_owners'] })
  missing: string[];
  @ApiProperty({ type: [RequiredDocument] })
  required_documents: RequiredDocument[];
}
