import { ApiProperty } from '@nestjs/swagger';
import { IsIn, Matches } from 'class-validator';
import { COUNTRY_CODE, ISO_DATE, Text } from './validation.decorators';
import { isValidPolishIdCardNumber } from './polish-identifiers';

export const IDENTITY_DOCUMENT_TYPES = ['id_card', 'passport'] as const;

export class IdentityDocumentDto {
  @ApiProperty({ enum: IDENTITY_DOCUMENT_TYPES, example: 'id_card' })
  @IsIn(IDENTITY_DOCUMENT_TYPES)
  type: (typeof IDENTITY_DOCUMENT_TYPES)[number];

  @ApiProperty({
    example: 'ABA300000',
    description: 'A Polish id card number is checked against its check digit.',
  })
  @Text(20)
  @Matches(/^[A-Z0-9]+$/, { message: 'number must be upper-case letters and digits' })
  number: string;

  @ApiProperty({ example: '2031-05-20', format: 'date' })
  @Text(10)
  @Matches(ISO_DATE, { message: 'expiry_date must be a date YYYY-MM-DD' })
  expiry_date: string;

  @ApiProperty({ example: 'PL', description: 'ISO 3166-1 alpha-2' })
  @Text(2)
  @Matches(COUNTRY_CODE, { message: 'issuing_country must be an ISO 3166-1 alpha-2 code' })
  issuing_country: string;
}

/** Rules across fields: a Polish id card has a check digit; an expired document is not accepted. */
export function identityDocumentErrors(
  document: IdentityDocumentDto | undefined,
  field: string,
  today = new Date(),
) {
  if (!document) return [];
  const errors = [];
  if (
    document.type === 'id_card' &&
    document.issuing_country === 'PL' &&
    !isValidPolishIdCardNumber(document.number)
  ) {
    errors.push({
      field: `${field}.number`,
      code: 'invalid_checksum',
      message: 'not a valid Polish id card number',
    });
  }
  if (document.expiry_date < today.toISOString().slice(0, 10)) {
    errors.push({
      field: `${field}.expiry_date`,
      code: 'document_expired',
      message: 'the identity document has expired',
    });
  }
  return errors;
}
