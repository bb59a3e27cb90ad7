import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsUrl,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { MayBeOmitted } from '@pc/http';
import { Text } from '../../common/validation.decorators';

export const SHOP_INDUSTRIES = [
  'retail',
  'electronics',
  'fashion',
  'food_and_beverage',
  'health_and_beauty',
  'home_and_garden',
  'travel',
  'education',
  'digital_goods',
  'entertainment',
  'professional_services',
  'financial_services',
  'gambling',
  'other',
] as const;

/** Upper bound of a PLN amount: far above any real merchant, well inside exact integers. */
const MAX_PLN = 1_000_000_000_000;

/** A whole-PLN amount: an integer number, never a fraction, a string or a negative number. */
function WholePln(): PropertyDecorator {
  return (target, key) => {
    IsDefined()(target, key);
    IsInt({ message: `${String(key)} must be a whole number of PLN (an integer, not a string)` })(
      target,
      key,
    );
    Min(0)(target, key);
    Max(MAX_PLN)(target, key);
  };
}

export class BankAccountDto {
  @ApiProperty({
    example: 'PL61109010140000071219812874',
    description: 'Polish IBAN; spaces allowed.',
  })
  @Text(42)
  iban: string;

  @ApiProperty({ example: 'Dwuosobowy Zarząd Sp. z o.o.' })
  @Text(140)
  holder_name: string;
}

export class TransactionalProfileDto {
  @ApiProperty({ example: 50000, description: 'Whole PLN (major units).' })
  @WholePln()
  expected_monthly_turnover_pln: number;

  @ApiProperty({ example: 1200 })
  @IsDefined()
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  expected_monthly_transactions: number;

  @ApiProperty({ example: 42, description: 'Whole PLN (major units).' })
  @WholePln()
  average_transaction_amount_pln: number;

  @ApiProperty({ example: 5000, description: 'Whole PLN (major units).' })
  @WholePln()
  max_transaction_amount_pln: number;
}

export class BankAccountProfileDto {
  @ApiProperty({ type: BankAccountDto, description: 'Settlement and payout account.' })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => BankAccountDto)
  bank_account: BankAccountDto;

  @ApiProperty({ type: TransactionalProfileDto, description: 'AML transactional profile.' })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => TransactionalProfileDto)
  transactional_profile: TransactionalProfileDto;

  @ApiProperty({ enum: SHOP_INDUSTRIES, example: 'electronics' })
  @IsIn(SHOP_INDUSTRIES)
  shop_industry: (typeof SHOP_INDUSTRIES)[number];

  @ApiPropertyOptional({ example: 'https://shop.example.pl' })
  @MayBeOmitted()
  @Text(2048)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'shop_url must be an http(s) URL' },
  )
  shop_url?: string;

  @ApiPropertyOptional({
    example: '47.91.Z',
    description:
      'Main business activity, PKD 2007 code. Required for sole traders and companies, not allowed for a natural person.',
  })
  @MayBeOmitted()
  @Text(7)
  @Matches(/^\d{2}\.\d{2}\.[A-Z]$/, {
    message: 'main_activity_pkd must be a PKD code like 47.91.Z',
  })
  main_activity_pkd?: string;
}

export class BankAccountProfileResponse {
  @ApiProperty({ example: 'shop-4711' })
  ref: string;
  @ApiProperty({ example: 'draft' })
  status: string;
  @ApiProperty({
    description:
      'Regulated-activity documents the main activity requires; upload each with its document_id.',
    example: [
      {
        document_id: '3d8a6c1e-9f0b-4a57-8e2c-5b1d7f9a0c34',
        document_type: 'regulated_activity_licence',
        required_for: '92.00.Z',
        status: 'required',
      },
    ],
  })
  required_documents: Array<{
    document_id: string;
    document_type: string;
    required_for: string;
    status: string;
  }>;
}
