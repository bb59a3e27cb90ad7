import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SandboxNotification } from './dto/sandbox-notifications.dto';

const SHOWN = 100;

/** What the sandbox notification adapter kept (it writes them, see SandboxNotificationSender). */
@Injectable()
export class SandboxNotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The partner's latest notifications, newest first; only one invitation's when given. */
  latest(partnerId: string, invitationId?: string): Promise<SandboxNotification[]> {
    return this.dataSource.query(
      `SELECT medium, recipient, subject, body, link, invitation_id, onboarding_ref, created_at
       FROM sandbox_notifications WHERE partner_id = $1 AND ($2::uuid IS NULL OR invitation_id = $2::uuid)
       ORDER BY id DESC LIMIT $3`,
      [partnerId, invitationId ?? null, SHOWN],
    );
  }
}
