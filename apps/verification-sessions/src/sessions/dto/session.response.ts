import { ApiProperty } from '@nestjs/swagger';
import { VERIFICATION_PROVIDERS } from '@pc/contracts';
import { SESSION_MODES, SESSION_STATUSES } from '../session-status';

const RESULT_STATUSES = ['verified', 'inconclusive', 'rejected'];

export class SessionStepView {
  @ApiProperty({ example: 'transfer_received' }) name: string;
  @ApiProperty({ enum: ['pending', 'completed', 'skipped'] }) status: string;
  @ApiProperty({ enum: RESULT_STATUSES, nullable: true, type: String }) result_status:
    string | null;
  @ApiProperty({ nullable: true, type: String, example: '2025-01-31T10:00:05.123Z' }) completed_at:
    string | null;
}

export class SessionView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ nullable: true, type: String, example: 'order-2024-000123' }) external_id:
    string | null;
  @ApiProperty({ enum: VERIFICATION_PROVIDERS }) provider: string;
  @ApiProperty({ enum: SESSION_MODES }) mode: string;
  @ApiProperty({ enum: SESSION_STATUSES }) status: string;
  @ApiProperty({
    enum: RESULT_STATUSES,
    nullable: true,
    type: String,
    description: 'Set once completed or failed.',
  })
  result_status: string | null;
  @ApiProperty({ type: [SessionStepView] }) steps: SessionStepView[];
  @ApiProperty({ example: 3600 }) ttl_seconds: number;
  @ApiProperty({ example: '2025-01-31T11:00:00.000Z' }) expires_at: string;
  @ApiProperty({ enum: ['ttl', 'deleted'], nullable: true, type: String }) expiry_reason:
    string | null;
  @ApiProperty({ example: '2025-01-31T10:00:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2025-01-31T10:00:00.000Z' }) updated_at: string;
  @ApiProperty({ nullable: true, type: String }) finished_at: string | null;
}

export class SessionPage {
  @ApiProperty({ type: [SessionView] }) data: SessionView[];
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Pass as `cursor` for the next (older) page; null on the last.',
  })
  next_cursor: string | null;
}

export class StepResultView {
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['pending', 'completed', 'skipped'] }) status: string;
  @ApiProperty({ enum: RESULT_STATUSES, nullable: true, type: String }) result_status:
    string | null;
  @ApiProperty({ nullable: true, type: Number, example: 0.97 }) confidence_score: number | null;
  @ApiProperty({ type: [String] }) rejection_reasons: string[];
}

export class SessionResultView {
  @ApiProperty({ format: 'uuid' }) verification_session_id: string;
  @ApiProperty({ enum: ['completed', 'failed'] }) status: string;
  @ApiProperty({ enum: RESULT_STATUSES }) result_status: string;
  @ApiProperty({ example: 0.97, minimum: 0, maximum: 1 }) confidence_score: number;
  @ApiProperty({
    nullable: true,
    type: Object,
    example: {
      payer_name: 'Jan Kowalski',
      payer_account: 'PL61109010140000071219812874',
      transfer_title: 'VERIFY 1A2B3C4D',
    },
  })
  verified_data: Record<string, string> | null;
  @ApiProperty({ type: [String], example: [] }) rejection_reasons: string[];
  @ApiProperty({ type: [StepResultView] }) steps: StepResultView[];
  @ApiProperty() finished_at: string;
}
