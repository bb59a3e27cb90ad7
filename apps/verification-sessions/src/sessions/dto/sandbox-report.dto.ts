import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { MayBeOmitted } from '@pc/http';
import type { VerificationResultStatus } from '@pc/contracts';

const OUTCOMES: VerificationResultStatus[] = ['verified', 'inconclusive', 'rejected'];

/** What the sandbox provider "saw"; each provider reads only its own fields (see docs). */
export class SandboxEvidenceDto {
  @ApiPropertyOptional({ description: 'bank_transfer', example: 'Jan Kowalski' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(140)
  payer_name?: string;

  @ApiPropertyOptional({
    description: 'bank_transfer (IBAN)',
    example: 'PL61109010140000071219812874',
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(40)
  payer_account?: string;

  @ApiPropertyOptional({ description: 'bank_transfer', example: 'VERIFY 1A2B3C4D' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(140)
  transfer_title?: string;

  @ApiPropertyOptional({ description: 'mobywatel', example: 'Jan' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(140)
  given_name?: string;

  @ApiPropertyOptional({ description: 'mobywatel', example: 'Kowalski' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(140)
  family_name?: string;

  @ApiPropertyOptional({ description: 'mobywatel (YYYY-MM-DD)', example: '1985-04-12' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(10)
  date_of_birth?: string;

  @ApiPropertyOptional({ description: 'ais_psd2', example: 'Jan Kowalski' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(140)
  account_holder?: string;

  @ApiPropertyOptional({ description: 'ais_psd2 (IBAN)', example: 'PL61109010140000071219812874' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(40)
  account_iban?: string;
}

/** Sandbox only: make the session's provider report an outcome, for one step or the whole session. */
export class SandboxReportDto {
  @ApiPropertyOptional({
    description: 'Required in sequential and dynamic modes; not allowed in single mode.',
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(64)
  step?: string;

  @ApiPropertyOptional({ enum: OUTCOMES, default: 'verified' })
  @MayBeOmitted()
  @IsIn(OUTCOMES)
  outcome?: VerificationResultStatus;

  @ApiPropertyOptional({
    type: [String],
    description: 'With outcome rejected only; codes of the provider (see docs).',
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  rejection_reasons?: string[];

  @ApiPropertyOptional({
    description: 'Dynamic mode: the provider ends the session after this step.',
  })
  @MayBeOmitted()
  @IsBoolean()
  finish?: boolean;

  @ApiPropertyOptional({ type: SandboxEvidenceDto })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => SandboxEvidenceDto)
  evidence?: SandboxEvidenceDto;
}
