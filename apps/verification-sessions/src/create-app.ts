import type { NestExpressApplication } from '@nestjs/platform-express';
import { createServiceApp } from '@pc/http';
import { AppModule } from './app.module';
import type { VerificationSessionsEnv } from './config/verification-sessions.env';

export async function createVerificationSessionsApp(
  env: VerificationSessionsEnv,
): Promise<NestExpressApplication> {
  return createServiceApp(AppModule.register(env), {
    title: 'Verification sessions',
    description:
      'Verification sessions with bank transfer, mObywatel and AIS providers; results, TTL expiry and session events.',
  });
}
