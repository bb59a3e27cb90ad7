import { Injectable } from '@nestjs/common';
import { v7 as uuidV7 } from 'uuid';
import type { Principal } from '@pc/auth';
import { ProblemException } from '@pc/http';
import { PartnerOnboardingEnv } from '../config/partner-onboarding.env';
import { DocumentsRepository } from '../documents/documents.repository';
import { HostedLinks } from '../hosted-links/hosted-links';
import { OnboardingEvent, type OnboardingInvitationData } from '@pc/contracts';
import type { Onboarding } from '../onboardings/onboarding.entity';
import { OnboardingWriter } from '../onboardings/onboarding-writer';
import { OnboardingsRepository } from '../onboardings/onboardings.repository';
import type { InvitedItem } from '../onboardings/dto/onboarding.responses';
import { toInvitedItem, type InvitationList } from './dto/invitation.responses';
import type { InviteDto } from './dto/invite.dto';
import type { Invitation } from './invitation.entity';
import { InvitationsRepository } from './invitations.repository';
import { NotificationSender } from './notification-sender.port';

/** Invite, list, resend and cancel. Messages go out after the commit, with a link carrying the current expiry. */
@Injectable()
export class InvitationsService {
  private readonly ttlMs: number;

  constructor(
    env: PartnerOnboardingEnv,
    private readonly writer: OnboardingWriter,
    private readonly onboardings: OnboardingsRepository,
    private readonly invitations: InvitationsRepository,
    private readonly documents: DocumentsRepository,
    private readonly links: HostedLinks,
    private readonly sender: NotificationSender,
  ) {
    this.ttlMs = env.INVITATION_TTL_HOURS * 3600 * 1000;
  }

  async invite(principal: Principal, ref: string, dto: InviteDto): Promise<InvitedItem> {
    if (dto.document_id !== undefined && dto.role !== 'representative') {
      throw ProblemException.validation([
        {
          field: 'document_id',
          code: 'not_allowed',
          message: 'a document is attached only for a proxy representative',
        },
      ]);
    }
    const { onboarding, result } = await this.writer.write(
      principal,
      ref,
      { requireEditable: true },
      async (onboarding, manager) => {
        if (dto.document_id !== undefined) {
          const document = await this.documents.findOnOnboarding(
            manager,
            onboarding.id,
            dto.document_id,
          );
          if (document?.status !== 'uploaded') {
            throw ProblemException.unprocessable(
              'document_not_found',
              'Document not found',
              'document_id must be an uploaded document of this onboarding.',
              [
                {
                  field: 'document_id',
                  code: 'document_not_found',
                  message: 'no uploaded document with this id on this onboarding',
                },
              ],
            );
          }
        }
        const invitation = await this.invitations.insert(manager, {
          id: uuidV7(),
          onboardingId: onboarding.id,
          role: dto.role,
          firstName: dto.first_name,
          lastName: dto.last_name,
          email: dto.email,
          phone: dto.phone,
          documentId: dto.document_id ?? null,
          expiresAt: new Date(Date.now() + this.ttlMs),
        });
        onboarding.record<OnboardingInvitationData>(
          OnboardingEvent.InvitationSent,
          invitationData(onboarding, invitation),
        );
        return invitation;
      },
    );
    await this.send(principal, onboarding, result);
    return toInvitedItem(result);
  }

  /** Every invitation, also after activation: reading them never depends on the onboarding's status. */
  async list(principal: Principal, ref: string): Promise<InvitationList> {
    const onboarding = await this.onboardings.findScoped(principal, ref);
    if (!onboarding) throw ProblemException.notFound('Onboarding');
    const now = new Date();
    return {
      data: (await this.invitations.listByOnboarding(onboarding.id)).map((invitation) =>
        toInvitedItem(invitation, now),
      ),
    };
  }

  async resend(principal: Principal, ref: string, invitationId: string): Promise<InvitedItem> {
    const { onboarding, result } = await this.onInvitation(
      principal,
      ref,
      invitationId,
      (onboarding, invitation) => {
        invitation.resend(new Date(Date.now() + this.ttlMs));
        onboarding.record<OnboardingInvitationData>(
          OnboardingEvent.InvitationResent,
          invitationData(onboarding, invitation),
        );
        return true;
      },
    );
    await this.send(principal, onboarding, result);
    return toInvitedItem(result);
  }

  async cancel(principal: Principal, ref: string, invitationId: string): Promise<InvitedItem> {
    const { result } = await this.onInvitation(
      principal,
      ref,
      invitationId,
      (onboarding, invitation) => {
        const cancelled = invitation.cancel();
        if (cancelled) {
          onboarding.record<OnboardingInvitationData>(
            OnboardingEvent.InvitationCancelled,
            invitationData(onboarding, invitation),
          );
        }
        return cancelled;
      },
    );
    return toInvitedItem(result);
  }

  private onInvitation(
    principal: Principal,
    ref: string,
    invitationId: string,
    change: (onboarding: Onboarding, invitation: Invitation) => boolean,
  ) {
    return this.writer.write(
      principal,
      ref,
      { requireEditable: false },
      async (onboarding, manager) => {
        const invitation = await this.invitations.findOnOnboarding(
          manager,
          onboarding.id,
          invitationId,
        );
        if (!invitation) throw ProblemException.notFound('Invitation');
        if (change(onboarding, invitation)) await this.invitations.save(manager, invitation);
        return invitation;
      },
    );
  }

  private async send(
    principal: Principal,
    onboarding: Onboarding,
    invitation: Invitation,
  ): Promise<void> {
    await this.sender.sendInvitation({
      partnerId: principal.partnerId,
      onboardingRef: onboarding.ref,
      invitationId: invitation.id,
      role: invitation.role,
      person: invitation.person,
      link: this.links.invitationUrl(invitation.id, invitation.expiresAt),
      expiresAt: invitation.expiresAt,
    });
    await this.invitations.markSent(invitation.id);
  }
}

function invitationData(onboarding: Onboarding, invitation: Invitation): OnboardingInvitationData {
  return {
    ...onboarding.refData(),
    invitation_id: invitation.id,
    role: invitation.role,
    expires_at: invitation.expiresAt.toISOString(),
  };
}
