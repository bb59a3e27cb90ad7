import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureServiceApp, serveOpenApi } from '@pc/http';
import { AppModule } from './app.module';
import type { PartnerOnboardingEnv } from './config/partner-onboarding.env';

export async function createPartnerOnboardingApp(
  env: PartnerOnboardingEnv,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(env), {
    bufferLogs: true,
  });
  configureServiceApp(app);
  serveOpenApi(app, {
    title: 'Partner onboarding',
    description:
      'Merchant onboarding drafts, data segments, documents, beneficial owners, invitations and finalize.',
  });
  return app;
}
