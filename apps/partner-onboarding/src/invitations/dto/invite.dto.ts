import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsUUID } from 'class-validator';
import { MayBeOmitted } from '@pc/http';
import { PersonName, SatisfiesCheck, Text } from '../../common/validation.decorators';
import { isPolishMobileNumber, POLISH_MOBILE_PREFIXES } from '../../common/polish-identifiers';

export const INVITATION_ROLES = ['representative', 'beneficial_owner'] as const;

export class InviteDto {
  @ApiProperty({ example: 'Anna' })
  @PersonName()
  first_name: string;

  @ApiProperty({ example: 'Nowak' })
  @PersonName()
  last_name: string;

  @ApiProperty({ example: 'anna.nowak@example.pl' })
  @Text(254)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  email: string;

  @ApiProperty({
    example: '501234567',
    description: `9-digit Polish mobile number without +48; prefixes ${POLISH_MOBILE_PREFIXES.join(', ')}.`,
  })
  @Text(9)
  @SatisfiesCheck(
    'invalidPolishMobile',
    isPolishMobileNumber,
    'must be a 9-digit Polish mobile number without a country prefix',
  )
  phone: string;

  @ApiProperty({ enum: INVITATION_ROLES, example: 'representative' })
  @IsIn(INVITATION_ROLES)
  role: (typeof INVITATION_ROLES)[number];

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'For a proxy representative: an uploaded document (power of attorney) of this onboarding.',
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'document_id must be a UUID' })
  document_id?: string;
}
