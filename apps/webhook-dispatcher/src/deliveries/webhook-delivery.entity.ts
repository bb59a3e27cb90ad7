import { Column, Entity, PrimaryColumn } from 'typeorm';

export const DeliveryStatus = {
  Pending: 'pending',
  Succeeded: 'succeeded',
  Failed: 'failed',
  /** The endpoint was inactive when the event arrived (or came due): kept for recovery, never sent. */
  Skipped: 'skipped',
} as const;
export type DeliveryStatus = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];

/**
 * One event for one endpoint. `body` is the exact JSON sent (serialized once, signed as sent).
 * Attempts are numbered across the delivery's life; a resend or recovery starts a new cycle of the
 * schedule at `cycle_start`, so attempt `n` is position `n - cycle_start` of the schedule.
 */
@Entity('webhook_deliveries')
export class WebhookDelivery {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'endpoint_id' })
  endpointId: string;

  @Column('text', { name: 'event_id' })
  eventId: string;

  @Column('text', { name: 'event_type' })
  eventType: string;

  @Column('text')
  body: string;

  @Column('text')
  status: DeliveryStatus;

  @Column('integer', { name: 'attempts_made' })
  attemptsMade: number;

  @Column('integer', { name: 'cycle_start' })
  cycleStart: number;

  /** Attempt number being sent right now (its lease ends at `next_attempt_at`), or null. */
  @Column('integer', { name: 'claimed_attempt', nullable: true })
  claimedAttempt: number | null;

  @Column('timestamptz', { name: 'next_attempt_at', nullable: true })
  nextAttemptAt: Date | null;

  @Column('timestamptz', { name: 'last_attempt_at', nullable: true })
  lastAttemptAt: Date | null;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}

@Entity('webhook_delivery_attempts')
export class WebhookDeliveryAttempt {
  @PrimaryColumn('uuid', { name: 'delivery_id' })
  deliveryId: string;

  @PrimaryColumn('integer', { name: 'attempt_number' })
  attemptNumber: number;

  @Column('timestamptz', { name: 'attempted_at' })
  attemptedAt: Date;

  @Column('integer', { name: 'duration_ms' })
  durationMs: number;

  @Column('text')
  outcome: 'success' | 'failure';

  @Column('integer', { name: 'status_code', nullable: true })
  statusCode: number | null;

  @Column('text', { name: 'error_class', nullable: true })
  errorClass: string | null;

  @Column('text', { name: 'response_excerpt', nullable: true })
  responseExcerpt: string | null;
}
