import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureServiceApp, serveOpenApi } from '@pc/http';
import { AppModule } from './app.module';
import type { VerificationSessionsEnv } from './config/verification-sessions.env';

export async function createVerificationSessionsApp(
  env: VerificationSessionsEnv,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(env), {
    bufferLogs: true,
  });
  configureServiceApp(app);
  serveOpenApi(app, {
    title: 'Verification sessions',
    description:
      'Verification sessions with bank transfer, mObywatel and AIS providers; results, TTL expiry and session events.',
  });
  return app;
}
