import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsObject,
  Matches,
  ValidateNested,
} from 'class-validator';
import { AddressDto } from '../../common/address.dto';
import { IdentityDocumentDto } from '../../common/identity-document.dto';
import { isValidPesel } from '../../common/polish-identifiers';
import { COUNTRY_CODE, SatisfiesCheck, Text } from '../../common/validation.decorators';

export class PlaceOfBirthDto {
  @ApiProperty({ example: 'Kraków' })
  @Text(80)
  city: string;

  @ApiProperty({ example: 'PL' })
  @Text(2)
  @Matches(COUNTRY_CODE, { message: 'country must be an ISO 3166-1 alpha-2 code' })
  country: string;
}

export class ApplicantIdentityDto {
  @ApiProperty({
    example: '44051401458',
    description: 'PESEL, checksum and encoded date of birth verified.',
  })
  @Text(11)
  @SatisfiesCheck('invalidPesel', isValidPesel, 'is not a valid PESEL')
  national_id_number: string;

  @ApiProperty({ type: IdentityDocumentDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => IdentityDocumentDto)
  identity_document: IdentityDocumentDto;

  @ApiProperty({ type: AddressDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  residential_address: AddressDto;

  @ApiProperty({ type: PlaceOfBirthDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PlaceOfBirthDto)
  place_of_birth: PlaceOfBirthDto;

  @ApiProperty({ example: ['PL'], description: 'ISO 3166-1 alpha-2 codes, 1 to 5.' })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5)
  @Matches(COUNTRY_CODE, {
    each: true,
    message: 'each citizenship must be an ISO 3166-1 alpha-2 code',
  })
  citizenships: string[];
}

export class SegmentSavedResponse {
  @ApiProperty({ example: 'shop-4711' })
  ref: string;
  @ApiProperty({ example: 'draft' })
  status: string;
  @ApiProperty({ example: 'applicant_identity' })
  segment: string;
}
