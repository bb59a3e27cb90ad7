import type { NestExpressApplication } from '@nestjs/platform-express';
import { createServiceApp } from '@pc/http';
import { AppModule } from './app.module';
import type { PartnerOnboardingEnv } from './config/partner-onboarding.env';

export async function createPartnerOnboardingApp(
  env: PartnerOnboardingEnv,
): Promise<NestExpressApplication> {
  return createServiceApp(AppModule.register(env), {
    title: 'Partner onboarding',
    description:
      'Merchant onboarding drafts, data segments, documents, beneficial owners, invitations and finalize.',
  });
}
