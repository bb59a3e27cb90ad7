import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { MayBeOmitted } from '@pc/http';
import { VALID_SUBSCRIPTION_VALUES } from '../event-subscription';

export const MAX_URL_LENGTH = 2048;
export const MAX_DESCRIPTION_LENGTH = 500;
/** Longest overlap of old and new secret after a rotation: a week. */
export const MAX_OVERLAP_SECONDS = 7 * 24 * 3600;

export class CreateEndpointDto {
  @ApiProperty({
    example: 'https://partner.example.com/webhooks/partner-connect',
    description: 'HTTPS URL receiving the POSTs.',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_URL_LENGTH)
  url: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['verification.completed', 'verification.failed'],
    description: `Event types to receive, or ["*"] (the default) for all. One of: ${VALID_SUBSCRIPTION_VALUES.join(', ')}.`,
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  events?: string[];

  @ApiPropertyOptional({ example: 'Production receiver', maxLength: MAX_DESCRIPTION_LENGTH })
  @MayBeOmitted()
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string;
}

export class UpdateEndpointDto {
  @ApiPropertyOptional({ example: 'https://partner.example.com/webhooks/v2' })
  @MayBeOmitted()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_URL_LENGTH)
  url?: string;

  @ApiPropertyOptional({ type: [String], example: ['*'] })
  @MayBeOmitted()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  events?: string[];

  @ApiPropertyOptional({ example: 'Production receiver', nullable: true })
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string | null;

  @ApiPropertyOptional({
    example: true,
    description:
      '`true` reactivates the endpoint (clears `disabled_at`, resets `failure_count` to 0); `false` pauses it.',
  })
  @MayBeOmitted()
  @IsBoolean()
  is_active?: boolean;
}

export class RotateSecretDto {
  @ApiPropertyOptional({
    example: 86400,
    minimum: 0,
    maximum: MAX_OVERLAP_SECONDS,
    description:
      'For this long deliveries carry signatures with both the new and the old secret. Default 0: the old secret stops at once.',
  })
  @MayBeOmitted()
  @IsInt()
  @Min(0)
  @Max(MAX_OVERLAP_SECONDS)
  overlap_seconds?: number;
}

export class EndpointResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'https://partner.example.com/webhooks/partner-connect' }) url: string;
  @ApiProperty({ nullable: true, example: 'Production receiver' }) description: string | null;
  @ApiProperty({
    type: [String],
    example: ['*'],
    description: 'Subscribed event types, or ["*"] for all.',
  })
  events: string[];
  @ApiProperty({ example: true }) is_active: boolean;
  @ApiProperty({ example: 0, description: 'Consecutive failed deliveries.' }) failure_count: number;
  @ApiProperty({
    nullable: true,
    format: 'date-time',
    description: 'Most recent delivery attempt.',
  })
  last_triggered_at: string | null;
  @ApiProperty({
    nullable: true,
    format: 'date-time',
    description: 'Most recent successful delivery.',
  })
  last_success_at: string | null;
  @ApiProperty({ nullable: true, format: 'date-time', description: 'Most recent failed delivery.' })
  last_failure_at: string | null;
  @ApiProperty({
    nullable: true,
    format: 'date-time',
    description: 'Time of automatic disabling; null while enabled.',
  })
  disabled_at: string | null;
  @ApiProperty({
    nullable: true,
    format: 'date-time',
    description: 'Until when deliveries are also signed with the previous secret.',
  })
  previous_secret_expires_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class EndpointWithSecretResponse extends EndpointResponse {
  @ApiProperty({
    example: 'whsec_Jc3d…',
    description: 'The signing secret. Shown only in this response: store it now.',
  })
  secret: string;
}

export class EndpointPageResponse {
  @ApiProperty({ type: [EndpointResponse] }) data: EndpointResponse[];
  @ApiProperty({ nullable: true, example: null }) next_cursor: string | null;
}

export class TestDeliveryResponse {
  @ApiProperty({ format: 'uuid' }) delivery_id: string;
  @ApiProperty({ example: 'evt_3f1c2b9e-8a63-4d55-9c0e-2f4a6b1d7e90' }) event_id: string;
  @ApiProperty({ example: 'verification.test' }) event_type: string;
}
