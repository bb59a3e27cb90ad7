import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotificationSender, type InvitationNotice } from '../notification-sender.port';

const ROLE_WORDS = {
  representative: 'a representative',
  beneficial_owner: 'a beneficial owner',
} as const;

/**
 * Sandbox adapter: composes the e-mail and the SMS as a real provider would get them and keeps them
 * in the database, where GET /api/v1/sandbox/notifications shows them (SANDBOX_MODE=true).
 */
@Injectable()
export class SandboxNotificationSender extends NotificationSender {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async sendInvitation(notice: InvitationNotice): Promise<void> {
    const until = notice.expiresAt.toISOString().slice(0, 10);
    const email = {
      subject: 'You are invited to complete a merchant onboarding',
      body:
        `Hello ${notice.person.firstName} ${notice.person.lastName},\n\n` +
        `you have been invited as ${ROLE_WORDS[notice.role]} to complete a few personal steps ` +
        `of a merchant onboarding. Open ${notice.link} before ${until}.`,
    };
    const sms = `Complete your merchant onboarding steps: ${notice.link} (valid until ${until})`;
    await this.dataSource.query(
      `INSERT INTO sandbox_notifications (partner_id, onboarding_ref, invitation_id, medium, recipient, subject, body, link)
       VALUES ($1, $2, $3, 'email', $4, $5, $6, $8), ($1, $2, $3, 'sms', $7, NULL, $9, $8)`,
      [
        notice.partnerId,
        notice.onboardingRef,
        notice.invitationId,
        notice.person.email,
        email.subject,
        email.body,
        `+48${notice.person.phone}`,
        notice.link,
        sms,
      ],
    );
  }
}
