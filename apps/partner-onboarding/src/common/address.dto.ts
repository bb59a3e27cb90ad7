import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { MayBeOmitted } from '@pc/http';
import { COUNTRY_CODE, Text } from './validation.decorators';

/** A postal address. Polish postal codes are NN-NNN; other countries' are free text. */
export class AddressDto {
  @ApiProperty({ example: 'ul. Marszałkowska' })
  @Text(120)
  street: string;

  @ApiProperty({ example: '12A' })
  @Text(20)
  building_number: string;

  @ApiPropertyOptional({ example: '4' })
  @MayBeOmitted()
  @Text(20)
  flat_number?: string;

  @ApiProperty({ example: '00-624' })
  @Text(12)
  postal_code: string;

  @ApiProperty({ example: 'Warszawa' })
  @Text(80)
  city: string;

  @ApiProperty({ example: 'PL', description: 'ISO 3166-1 alpha-2' })
  @Text(2)
  @Matches(COUNTRY_CODE, { message: 'country must be an ISO 3166-1 alpha-2 code' })
  country: string;
}

/** Polish addresses need a valid postal code; returns the field error or null. */
export function postalCodeError(address: AddressDto | undefined, field: string) {
  if (!address || address.country !== 'PL' || /^\d{2}-\d{3}$/.test(address.postal_code))
    return null;
  return {
    field: `${field}.postal_code`,
    code: 'invalid_format',
    message: 'a Polish postal code is NN-NNN',
  };
}
