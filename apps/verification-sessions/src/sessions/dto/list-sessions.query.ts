import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '@pc/http';
import { VERIFICATION_PROVIDERS, type VerificationProvider } from '@pc/contracts';
import { SESSION_STATUSES, type SessionStatus } from '../session-status';

/** Filters of the reconciliation list; time ranges are `[from, to)`. */
export class ListSessionsQuery extends PageQueryDto {
  @ApiPropertyOptional({ enum: SESSION_STATUSES })
  @IsOptional()
  @IsIn(SESSION_STATUSES)
  status?: SessionStatus;

  @ApiPropertyOptional({ enum: VERIFICATION_PROVIDERS })
  @IsOptional()
  @IsIn(VERIFICATION_PROVIDERS)
  provider?: VerificationProvider;

  @ApiPropertyOptional({ maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  external_id?: string;

  @ApiPropertyOptional({
    description: 'Created at or after (ISO 8601).',
    example: '2025-01-31T00:00:00Z',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  created_from?: string;

  @ApiPropertyOptional({
    description: 'Created before (ISO 8601).',
    example: '2025-02-01T00:00:00Z',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  created_to?: string;

  @ApiPropertyOptional({ description: 'Last changed at or after (ISO 8601).' })
  @IsOptional()
  @IsISO8601({ strict: true })
  updated_from?: string;

  @ApiPropertyOptional({ description: 'Last changed before (ISO 8601).' })
  @IsOptional()
  @IsISO8601({ strict: true })
  updated_to?: string;
}
