import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { MayBeOmitted } from '@pc/http';
import { Text } from '../../common/validation.decorators';

export class CreateDraftDto {
  @ApiProperty({
    description:
      "The partner's own id of the merchant: the idempotency key of creation, unique per channel. " +
      'Repeating it returns the existing draft with 200.',
    example: 'shop-4711',
    maxLength: 128,
  })
  @Text(128)
  @Matches(/^[\x21-\x7e]+$/, {
    message: 'partner_external_ref must be printable ASCII without spaces',
  })
  partner_external_ref: string;

  @ApiPropertyOptional({
    description:
      'Merchant reference used in paths and in `On-Behalf-Of`, unique per partner across its channels. ' +
      'Defaults to `partner_external_ref`.',
    example: 'shop-4711',
    pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$',
  })
  @MayBeOmitted()
  @Text(64)
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
    message: 'ref must be letters, digits, ".", "_" or "-"',
  })
  ref?: string;

  @ApiPropertyOptional({
    description: 'Required only when the key owns several channels; must be one of them.',
    example: 'marketplace-pl',
  })
  @MayBeOmitted()
  @Text(64)
  channel?: string;
}
