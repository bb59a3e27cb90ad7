import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined } from 'class-validator';

export class RepresentationDecisionDto {
  @ApiProperty({
    description:
      "Whether the person creating the account is one of the company's registered representatives.",
    example: true,
  })
  @IsDefined()
  @IsBoolean()
  represents_company: boolean;
}

export class RepresentationResponse {
  @ApiProperty({ example: 'shop-4711' })
  ref: string;
  @ApiProperty({ example: 'draft' })
  status: string;
  @ApiProperty({ enum: ['solo', 'co_representative', 'proxy'], example: 'co_representative' })
  representation_mode: string;
  @ApiProperty({
    example: true,
    description: 'Another person must be invited and/or a power of attorney uploaded.',
  })
  requires_invitation_or_poa: boolean;
}
