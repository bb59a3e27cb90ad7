import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsString, MaxLength } from 'class-validator';
import { MayBeOmitted, PageQueryDto } from '@pc/http';
import { VERIFICATION_PROVIDERS, type VerificationProvider } from '@pc/contracts';
import { SESSION_STATUSES, type SessionStatus } from '../session-status';

/** Filters of the reconciliation list; time ranges are `[from, to)`. */
export class ListSessionsQuery extends PageQueryDto {
  @ApiPropertyOptional({ enum: SESSION_STATUSES })
  @MayBeOmitted()
  @IsIn(SESSION_STATUSES)
  status?: SessionStatus;

  @ApiPropertyOptional({ enum: VERIFICATION_PROVIDERS })
  @MayBeOmitted()
  @IsIn(VERIFICATION_PROVIDERS)
  provider?: VerificationProvider;

  @ApiPropertyOptional({ maxLength: 255 })
  @MayBeOmitted()
  @IsString()
  @MaxLength(255)
  external_id?: string;

  @ApiPropertyOptional({
    description: 'Created at or after (ISO 8601).',
    example: '2025-01-31T00:00:00Z',
  })
  @MayBeOmitted()
  @IsISO8601({ strict: true })
  created_from?: string;

  @ApiPropertyOptional({
    description: 'Created before (ISO 8601).',
    example: '2025-02-01T00:00:00Z',
  })
  @MayBeOmitted()
  @IsISO8601({ strict: true })
  created_to?: string;

  @ApiPropertyOptional({ description: 'Last changed at or after (ISO 8601).' })
  @MayBeOmitted()
  @IsISO8601({ strict: true })
  updated_from?: string;

  @ApiPropertyOptional({ description: 'Last changed before (ISO 8601).' })
  @MayBeOmitted()
  @IsISO8601({ strict: true })
  updated_to?: string;
}
