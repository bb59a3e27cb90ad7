import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsObject, ValidateIf, ValidateNested } from 'class-validator';
import { MayBeOmitted } from '@pc/http';
import { AddressDto } from '../../common/address.dto';
import { isValidKrs, isValidNip, isValidRegon } from '../../common/polish-identifiers';
import { AbsentWhen, SatisfiesCheck, Text } from '../../common/validation.decorators';
import { LEGAL_FORMS, type LegalForm } from '../legal-forms';

type Body = Record<string, unknown>;
const naturalPerson = (body: Body) => body.has_nip === false;
/** Company fields are validated when the body claims a tax id, and whenever they are sent. */
const companyField = (body: Body, value: unknown) => body.has_nip === true || value !== undefined;
const NOT_FOR_NATURAL_PERSON = 'for a natural person (has_nip false)';

export class CompanySegmentDto {
  @ApiProperty({
    description:
      '`false`: a natural person, no other field allowed. `true`: the full company block.',
    example: true,
  })
  @IsDefined()
  @IsBoolean()
  has_nip: boolean;

  @ApiPropertyOptional({
    description: 'Tax id, 10 digits, checksum verified. Required when has_nip is true.',
    example: '5260000011',
  })
  @ValidateIf(companyField)
  @AbsentWhen(naturalPerson, NOT_FOR_NATURAL_PERSON)
  @Text(10)
  @SatisfiesCheck('invalidNip', isValidNip, 'is not a valid NIP (10 digits with a valid checksum)')
  nip?: string;

  @ApiPropertyOptional({
    description: 'REGON, 9 or 14 digits, checksum verified.',
    example: '140000017',
  })
  @ValidateIf(companyField)
  @AbsentWhen(naturalPerson, NOT_FOR_NATURAL_PERSON)
  @Text(14)
  @SatisfiesCheck(
    'invalidRegon',
    isValidRegon,
    'is not a valid REGON (9 or 14 digits with valid checksums)',
  )
  regon?: string;

  @ApiPropertyOptional({
    description:
      'KRS number, 10 digits. Required for forms registered in KRS, not allowed otherwise.',
    example: '0000000001',
  })
  @MayBeOmitted()
  @AbsentWhen(naturalPerson, NOT_FOR_NATURAL_PERSON)
  @Text(10)
  @SatisfiesCheck('invalidKrs', isValidKrs, 'is not a valid KRS number (10 digits)')
  krs?: string;

  @ApiPropertyOptional({ enum: LEGAL_FORMS, example: 'limited_liability_company' })
  @ValidateIf(companyField)
  @AbsentWhen(naturalPerson, NOT_FOR_NATURAL_PERSON)
  @IsDefined()
  @IsIn(LEGAL_FORMS)
  legal_form?: LegalForm;

  @ApiPropertyOptional({ example: 'Dwuosobowy Zarząd Sp. z o.o.' })
  @ValidateIf(companyField)
  @AbsentWhen(naturalPerson, NOT_FOR_NATURAL_PERSON)
  @Text(300)
  name?: string;

  @ApiPropertyOptional({ type: AddressDto })
  @ValidateIf(companyField)
  @AbsentWhen(naturalPerson, NOT_FOR_NATURAL_PERSON)
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressDto)
  registered_address?: AddressDto;
}

export class GoverningBodyView {
  @ApiProperty({ enum: ['individual', 'joint'] })
  representation_rule: string;
  @ApiProperty({ example: [{ first_name: 'Anna', last_name: 'Nowak', function: 'president' }] })
  members: Array<{ first_name: string; last_name: string; function: string }>;
}

export class RegisterView {
  @ApiProperty({ example: 'Dwuosobowy Zarząd Sp. z o.o.' })
  name: string;
  @ApiProperty({ example: '140000017' })
  regon: string;
  @ApiProperty({ type: String, nullable: true, example: '0000000001' })
  krs: string | null;
  @ApiProperty({ enum: LEGAL_FORMS })
  legal_form: string;
  @ApiProperty({ type: GoverningBodyView })
  governing_body: GoverningBodyView;
}

export class CompanySegmentResponse {
  @ApiProperty({ example: 'shop-4711' })
  ref: string;
  @ApiProperty({ example: 'draft' })
  status: string;
  @ApiProperty({ enum: ['natural_person', 'sole_trader', 'company'], example: 'company' })
  entity_type: string;
  @ApiProperty({
    type: RegisterView,
    nullable: true,
    description: 'What the public register says (null for a natural person).',
  })
  register: RegisterView | null;
}
