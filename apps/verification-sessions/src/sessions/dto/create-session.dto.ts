import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { MayBeOmitted } from '@pc/http';
import { VERIFICATION_PROVIDERS, type VerificationProvider } from '@pc/contracts';
import { SESSION_MODES, type SessionMode } from '../session-status';

export class CreateSessionDto {
  @ApiProperty({ enum: VERIFICATION_PROVIDERS, example: 'bank_transfer' })
  @IsIn(VERIFICATION_PROVIDERS)
  provider: VerificationProvider;

  @ApiPropertyOptional({
    description:
      'Your identifier, unique per partner. Sending it again with the same body returns the existing session (200); with a different body, 409 external_id_conflict.',
    example: 'order-2024-000123',
    maxLength: 255,
  })
  @MayBeOmitted()
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  @Matches(/^[\x21-\x7e]+$/, { message: 'external_id must be printable ASCII without spaces' })
  external_id?: string;

  @ApiPropertyOptional({ enum: SESSION_MODES, default: 'single' })
  @MayBeOmitted()
  @IsIn(SESSION_MODES)
  mode?: SessionMode;

  @ApiPropertyOptional({
    type: [String],
    description:
      'Sequential and dynamic modes only: 2–10 distinct steps of the provider (see docs).',
    example: ['transfer_received', 'payer_name_match'],
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  steps?: string[];

  @ApiPropertyOptional({
    description:
      'Seconds until the session expires. Default 3600; bounds 60–604800 (configurable).',
    example: 3600,
  })
  @MayBeOmitted()
  @IsInt()
  ttl_seconds?: number;
}
