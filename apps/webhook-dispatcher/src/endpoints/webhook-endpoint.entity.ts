import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Consecutive failed deliveries after which an endpoint is disabled (spec, section 8). */
export const DISABLE_AFTER_FAILED_DELIVERIES = 50;
/** The spec's recommended alert threshold: `failure_count` above this is worth a warning. */
export const FAILURE_ALERT_THRESHOLD = 5;

/**
 * A partner's registered receiver. The signing secret is kept encrypted (the dispatcher needs it in
 * the clear to sign, so it cannot be hashed); during a rotation's overlap window the previous one too.
 */
@Entity('webhook_endpoints')
export class WebhookEndpoint {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text', { name: 'partner_id' })
  partnerId: string;

  @Column('text')
  url: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('text', { array: true })
  events: string[];

  @Column('text', { name: 'secret_ciphertext' })
  secretCiphertext: string;

  @Column('text', { name: 'previous_secret_ciphertext', nullable: true })
  previousSecretCiphertext: string | null;

  @Column('timestamptz', { name: 'previous_secret_expires_at', nullable: true })
  previousSecretExpiresAt: Date | null;

  @Column('boolean', { name: 'is_active' })
  isActive: boolean;

  @Column('integer', { name: 'failure_count' })
  failureCount: number;

  @Column('timestamptz', { name: 'last_triggered_at', nullable: true })
  lastTriggeredAt: Date | null;

  @Column('timestamptz', { name: 'last_success_at', nullable: true })
  lastSuccessAt: Date | null;

  @Column('timestamptz', { name: 'last_failure_at', nullable: true })
  lastFailureAt: Date | null;

  @Column('timestamptz', { name: 'disabled_at', nullable: true })
  disabledAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;

  /** Back in service: the spec resets `failure_count` on reactivation and clears `disabled_at`. */
  reactivate(): void {
    this.isActive = true;
    this.failureCount = 0;
    this.disabledAt = null;
  }

  /** Paused by the partner: deliveries are recorded as skipped until it is reactivated. */
  deactivate(): void {
    this.isActive = false;
  }

  /**
   * Installs a new secret. With an overlap, the old one keeps signing (as a second signature) until
   * `overlapUntil`; without, it stops at once.
   */
  rotateSecret(newCiphertext: string, previousCiphertext: string, overlapUntil: Date | null): void {
    this.secretCiphertext = newCiphertext;
    this.previousSecretCiphertext = overlapUntil ? previousCiphertext : null;
    this.previousSecretExpiresAt = overlapUntil;
  }

  /** The previous secret while its overlap window is open. */
  hasPreviousSecretAt(now: Date): boolean {
    return (
      this.previousSecretCiphertext !== null &&
      this.previousSecretExpiresAt !== null &&
      this.previousSecretExpiresAt > now
    );
  }
}
