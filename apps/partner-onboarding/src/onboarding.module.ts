import { DynamicModule, Module, type Type } from '@nestjs/common';
import { ApplicantIdentityController } from './applicant-identity/applicant-identity.controller';
import { ApplicantIdentityService } from './applicant-identity/applicant-identity.service';
import { BankAccountProfileController } from './bank-account-profile/bank-account-profile.controller';
import { BankAccountProfileService } from './bank-account-profile/bank-account-profile.service';
import { BeneficialOwnersController } from './beneficial-owners/beneficial-owners.controller';
import { BeneficialOwnersService } from './beneficial-owners/beneficial-owners.service';
import { CompanyController } from './company/company.controller';
import { CompanyService } from './company/company.service';
import { SandboxPublicRegister } from './company/infrastructure/sandbox-public-register';
import { PublicRegister } from './company/public-register.port';
import { PartnerOnboardingEnv } from './config/partner-onboarding.env';
import { DocumentStorage } from './documents/document-storage.port';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsRepository } from './documents/documents.repository';
import { DocumentsService } from './documents/documents.service';
import { PostgresDocumentStorage } from './documents/infrastructure/postgres-document-storage';
import { HostedLinkResolver } from './hosted-links/hosted-link-resolver';
import { HostedLinks } from './hosted-links/hosted-links';
import { HostedLinksController } from './hosted-links/hosted-links.controller';
import { SandboxNotificationSender } from './invitations/infrastructure/sandbox-notification-sender';
import { InvitationsController } from './invitations/invitations.controller';
import { InvitationsRepository } from './invitations/invitations.repository';
import { InvitationsService } from './invitations/invitations.service';
import { NotificationSender } from './invitations/notification-sender.port';
import { ExpireStaleDrafts } from './onboardings/expire-stale-drafts';
import { OnboardingWriter } from './onboardings/onboarding-writer';
import { OnboardingsController } from './onboardings/onboardings.controller';
import { OnboardingsRepository } from './onboardings/onboardings.repository';
import { OnboardingsService } from './onboardings/onboardings.service';
import { RepresentationController } from './representation/representation.controller';
import { RepresentationService } from './representation/representation.service';
import { SandboxNotificationsController } from './sandbox/sandbox-notifications.controller';
import { SandboxNotificationsRepository } from './sandbox/sandbox-notifications.repository';

/** Adapters of the outside world, chosen by configuration (only the sandbox ones exist so far). */
const PUBLIC_REGISTERS: Record<string, Type<PublicRegister>> = { sandbox: SandboxPublicRegister };
const NOTIFICATION_SENDERS: Record<string, Type<NotificationSender>> = {
  sandbox: SandboxNotificationSender,
};

/** Drafts, data segments, documents, beneficial owners, invitations, finalize and hosted links. */
@Module({})
export class OnboardingModule {
  static register(env: PartnerOnboardingEnv): DynamicModule {
    return {
      module: OnboardingModule,
      controllers: [
        OnboardingsController,
        CompanyController,
        BankAccountProfileController,
        ApplicantIdentityController,
        RepresentationController,
        DocumentsController,
        BeneficialOwnersController,
        InvitationsController,
        HostedLinksController,
        ...(env.SANDBOX_MODE ? [SandboxNotificationsController] : []),
      ],
      providers: [
        { provide: PartnerOnboardingEnv, useValue: env },
        { provide: PublicRegister, useClass: PUBLIC_REGISTERS[env.PUBLIC_REGISTER_ADAPTER] },
        { provide: NotificationSender, useClass: NOTIFICATION_SENDERS[env.NOTIFICATION_ADAPTER] },
        { provide: DocumentStorage, useClass: PostgresDocumentStorage },
        OnboardingsRepository,
        InvitationsRepository,
        DocumentsRepository,
        OnboardingWriter,
        ExpireStaleDrafts,
        HostedLinks,
        HostedLinkResolver,
        OnboardingsService,
        CompanyService,
        BankAccountProfileService,
        ApplicantIdentityService,
        RepresentationService,
        DocumentsService,
        BeneficialOwnersService,
        InvitationsService,
        ...(env.SANDBOX_MODE ? [SandboxNotificationsRepository] : []),
      ],
    };
  }
}
