import { isUUID } from 'class-validator';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { InvitationRole } from '@pc/contracts';
import { Invitation, type InvitationStatus } from './invitation.entity';

interface InvitationRow {
  id: string;
  onboarding_id: string;
  role: InvitationRole;
  status: InvitationStatus;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  document_id: string | null;
  expires_at: Date;
  created_at: Date;
}

function toInvitation(row: InvitationRow): Invitation {
  return new Invitation({
    id: row.id,
    onboardingId: row.onboarding_id,
    role: row.role,
    status: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    documentId: row.document_id,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  });
}

export interface NewInvitation {
  id: string;
  onboardingId: string;
  role: InvitationRole;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  documentId: string | null;
  expiresAt: Date;
}

@Injectable()
export class InvitationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, invitation: NewInvitation): Promise<Invitation> {
    const rows: InvitationRow[] = await manager.query(
      `INSERT INTO invitations (id, onboarding_id, role, status, first_name, last_name, email, phone, document_id, expires_at)
       VALUES ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $9) RETURNING *`,
      [
        invitation.id,
        invitation.onboardingId,
        invitation.role,
        invitation.firstName,
        invitation.lastName,
        invitation.email,
        invitation.phone,
        invitation.documentId,
        invitation.expiresAt,
      ],
    );
    return toInvitation(rows[0]);
  }

  /** All invitations of an onboarding, by invitation_id (a UUIDv7: creation order). */
  async listByOnboarding(onboardingId: string): Promise<Invitation[]> {
    const rows: InvitationRow[] = await this.dataSource.query(
      `SELECT * FROM invitations WHERE onboarding_id = $1 ORDER BY id`,
      [onboardingId],
    );
    return rows.map(toInvitation);
  }

  async findOnOnboarding(
    manager: EntityManager,
    onboardingId: string,
    id: string,
  ): Promise<Invitation | null> {
    if (!isUUID(id, 'loose')) return null;
    const rows: InvitationRow[] = await manager.query(
      `SELECT * FROM invitations WHERE onboarding_id = $1 AND id = $2 FOR UPDATE`,
      [onboardingId, id],
    );
    return rows[0] ? toInvitation(rows[0]) : null;
  }

  /** Read fresh from the database on every call: a cancelled link must stop working at once. */
  async findById(id: string): Promise<Invitation | null> {
    if (!isUUID(id, 'loose')) return null;
    const rows: InvitationRow[] = await this.dataSource.query(
      `SELECT * FROM invitations WHERE id = $1`,
      [id],
    );
    return rows[0] ? toInvitation(rows[0]) : null;
  }

  async save(manager: EntityManager, invitation: Invitation): Promise<void> {
    await manager.query(
      `UPDATE invitations SET status = $2, expires_at = $3,
         cancelled_at = CASE WHEN $2 = 'cancelled' THEN coalesce(cancelled_at, now()) ELSE cancelled_at END
       WHERE id = $1`,
      [invitation.id, invitation.status, invitation.expiresAt],
    );
  }

  async markSent(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE invitations SET sent_count = sent_count + 1, last_sent_at = now() WHERE id = $1`,
      [id],
    );
  }
}
