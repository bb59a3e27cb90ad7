import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { MayBeOmitted } from '@pc/http';
import { AddressDto } from '../../common/address.dto';
import { IdentityDocumentDto } from '../../common/identity-document.dto';
import { isValidPesel } from '../../common/polish-identifiers';
import {
  COUNTRY_CODE,
  ISO_DATE,
  PersonName,
  SatisfiesCheck,
  Text,
} from '../../common/validation.decorators';

/** Why the person is a beneficial owner (AML act, art. 2(2)(1)). */
export const INDICATION_BASES = ['ownership', 'control', 'senior_managing_official'] as const;
export const WEALTH_SOURCES = [
  'employment',
  'business_activity',
  'investments',
  'inheritance',
  'real_estate',
  'other',
] as const;

export class BeneficialOwnerIdentityDto {
  @ApiProperty({ example: 'Anna' })
  @PersonName()
  first_name: string;

  @ApiProperty({ example: 'Nowak' })
  @PersonName()
  last_name: string;

  @ApiPropertyOptional({ example: '44051401458', description: 'PESEL when the person has one.' })
  @MayBeOmitted()
  @Text(11)
  @SatisfiesCheck('invalidPesel', isValidPesel, 'is not a valid PESEL')
  national_id_number?: string;

  @ApiProperty({ example: '1944-05-14', format: 'date' })
  @Text(10)
  @Matches(ISO_DATE, { message: 'date_of_birth must be a date YYYY-MM-DD' })
  date_of_birth: string;

  @ApiProperty({ example: ['PL'] })
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

export class IndicationBasisDto {
  @ApiProperty({ enum: INDICATION_BASES, example: 'ownership' })
  @IsIn(INDICATION_BASES)
  type: (typeof INDICATION_BASES)[number];

  @ApiPropertyOptional({
    example: 50,
    description: 'Whole percent of shares or votes; required for `ownership` (over 25).',
  })
  @ValidateIf(
    (basis: IndicationBasisDto, value: unknown) =>
      basis.type === 'ownership' || value !== undefined,
  )
  @IsDefined()
  @IsInt()
  @Min(1)
  @Max(100)
  ownership_percent?: number;
}

export class PepDeclarationDto {
  @ApiProperty({ example: false, description: "Declared by the submitter on the owner's behalf." })
  @IsDefined()
  @IsBoolean()
  is_pep: boolean;

  @ApiPropertyOptional({
    example: 'Member of parliament',
    description: 'Required when is_pep is true.',
  })
  @ValidateIf(
    (declaration: PepDeclarationDto, value: unknown) =>
      declaration.is_pep === true || value !== undefined,
  )
  @Text(200)
  position?: string;
}

export class SourceOfWealthDeclarationDto {
  @ApiProperty({ enum: WEALTH_SOURCES, isArray: true, example: ['business_activity'] })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WEALTH_SOURCES.length)
  @IsIn(WEALTH_SOURCES, { each: true })
  sources: Array<(typeof WEALTH_SOURCES)[number]>;

  @ApiPropertyOptional({ example: 'Dividends from the company' })
  @MayBeOmitted()
  @Text(500)
  description?: string;
}

function Nested(type: () => new () => object): PropertyDecorator {
  return (target, key) => {
    IsDefined()(target, key);
    IsObject()(target, key);
    ValidateNested()(target, key);
    Type(type)(target, key);
  };
}

export class BeneficialOwnerDto {
  @ApiProperty({ type: BeneficialOwnerIdentityDto })
  @Nested(() => BeneficialOwnerIdentityDto)
  identity: BeneficialOwnerIdentityDto;

  @ApiProperty({ type: AddressDto })
  @Nested(() => AddressDto)
  address: AddressDto;

  @ApiProperty({ type: IndicationBasisDto })
  @Nested(() => IndicationBasisDto)
  indication_basis: IndicationBasisDto;

  @ApiProperty({ type: IdentityDocumentDto })
  @Nested(() => IdentityDocumentDto)
  identity_document: IdentityDocumentDto;

  @ApiProperty({ type: PepDeclarationDto })
  @Nested(() => PepDeclarationDto)
  pep_declaration: PepDeclarationDto;

  @ApiProperty({ type: SourceOfWealthDeclarationDto })
  @Nested(() => SourceOfWealthDeclarationDto)
  source_of_wealth_declaration: SourceOfWealthDeclarationDto;
}

export class BeneficialOwnerCreated {
  @ApiProperty({
    format: 'uuid',
    example: '9b2f0c64-1a7e-4f3b-8d25-6e4c1b0a9f17',
    description: 'Also the `uuid` to remove the entry.',
  })
  beneficiary_uuid: string;
}
