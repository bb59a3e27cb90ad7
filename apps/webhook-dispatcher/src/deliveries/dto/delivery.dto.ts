import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsString, MaxLength } from 'class-validator';
import { MayBeOmitted, PageQueryDto } from '@pc/http';
import { DeliveryStatus } from '../webhook-delivery.entity';

const STATUSES = Object.values(DeliveryStatus);

export class DeliveryQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: STATUSES })
  @MayBeOmitted()
  @IsIn(STATUSES)
  status?: DeliveryStatus;

  @ApiPropertyOptional({ example: 'verification.completed' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(100)
  event_type?: string;
}

export class RecoverDeliveriesDto {
  @ApiProperty({
    example: '2025-06-01T08:00:00Z',
    description: 'Failed and skipped deliveries created at or after this time are sent again.',
  })
  @IsISO8601({ strict: true })
  since: string;
}

export class AttemptResponse {
  @ApiProperty({ example: 1 }) attempt_number: number;
  @ApiProperty({ format: 'date-time' }) attempted_at: string;
  @ApiProperty({ example: 84 }) duration_ms: number;
  @ApiProperty({ enum: ['success', 'failure'] }) outcome: 'success' | 'failure';
  @ApiProperty({ nullable: true, example: 500 }) status_code: number | null;
  @ApiProperty({
    nullable: true,
    example: null,
    description:
      'Without an HTTP status: timeout, connection_refused, dns_error, blocked_address, connection_reset, tls_error, network_error.',
  })
  error_class: string | null;
  @ApiProperty({
    nullable: true,
    example: 'Internal Server Error',
    description: 'First 1 KB of the response body.',
  })
  response_excerpt: string | null;
}

export class DeliveryResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) endpoint_id: string;
  @ApiProperty({
    example: 'evt_3f1c2b9e-8a63-4d55-9c0e-2f4a6b1d7e90',
    description: 'Also the X-Webhook-Id header.',
  })
  event_id: string;
  @ApiProperty({ example: 'verification.completed' }) event_type: string;
  @ApiProperty({ enum: STATUSES }) status: DeliveryStatus;
  @ApiProperty({
    example: 2,
    description: "Attempts made over the delivery's life (resends included).",
  })
  attempts_made: number;
  @ApiProperty({
    nullable: true,
    format: 'date-time',
    description: 'When the next attempt is due (pending deliveries).',
  })
  next_attempt_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ nullable: true, format: 'date-time' }) completed_at: string | null;
  @ApiProperty({ type: [AttemptResponse] }) attempts: AttemptResponse[];
}

export class DeliveryPageResponse {
  @ApiProperty({ type: [DeliveryResponse] }) data: DeliveryResponse[];
  @ApiProperty({ nullable: true, example: null }) next_cursor: string | null;
}

export class RecoverResponse {
  @ApiProperty({ example: 12, description: 'Deliveries put back on the schedule.' })
  recovered: number;
}
