import { ProblemException } from '@pc/http';
import type { InvitationRole } from '@pc/contracts';

export type InvitationStatus = 'pending' | 'completed' | 'cancelled';
/** What the partner sees: a pending invitation past its expiry is `expired`. */
export type InvitationPublicStatus = InvitationStatus | 'expired';

export interface InvitationState {
  id: string;
  onboardingId: string;
  role: InvitationRole;
  status: InvitationStatus;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  documentId: string | null;
  expiresAt: Date;
  createdAt: Date;
}

/** An invitation of a second person to the hosted flow. Resend keeps it; cancel ends its link at once. */
export class Invitation {
  constructor(private readonly state: InvitationState) {}

  get id() {
    return this.state.id;
  }
  get role() {
    return this.state.role;
  }
  get status() {
    return this.state.status;
  }
  get expiresAt() {
    return this.state.expiresAt;
  }
  get createdAt() {
    return this.state.createdAt;
  }
  get person() {
    const { firstName, lastName, email, phone } = this.state;
    return { firstName, lastName, email, phone };
  }

  publicStatus(now = new Date()): InvitationPublicStatus {
    if (this.state.status === 'pending' && this.state.expiresAt <= now) return 'expired';
    return this.state.status;
  }

  /** Whether its hosted link opens now (not cancelled, not completed, not past its expiry). */
  isOpen(now = new Date()): boolean {
    return this.publicStatus(now) === 'pending';
  }

  /** Resending refreshes the expiry of the same invitation, also one that had expired. */
  resend(expiresAt: Date): void {
    this.requireNotEnded('resent');
    this.state.expiresAt = expiresAt;
  }

  /** Cancelling is idempotent; returns whether this call cancelled it. */
  cancel(): boolean {
    if (this.state.status === 'cancelled') return false;
    this.requireNotEnded('cancelled');
    this.state.status = 'cancelled';
    return true;
  }

  private requireNotEnded(act: string): void {
    if (this.state.status === 'pending') return;
    throw ProblemException.conflict(
      `invitation_${this.state.status}`,
      `Invitation ${this.state.status}`,
      `A ${this.state.status} invitation cannot be ${act}.`,
    );
  }
}
