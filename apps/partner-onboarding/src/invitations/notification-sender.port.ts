import type { InvitationRole } from '@pc/contracts';

export interface InvitationNotice {
  partnerId: string;
  onboardingRef: string;
  invitationId: string;
  role: InvitationRole;
  person: { firstName: string; lastName: string; email: string; phone: string };
  link: string;
  expiresAt: Date;
}

/** Port: delivers an invitation to the invited person by e-mail and SMS, both carrying the hosted link. */
export abstract class NotificationSender {
  abstract sendInvitation(notice: InvitationNotice): Promise<void>;
}
