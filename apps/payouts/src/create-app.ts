import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureServiceApp, serveOpenApi } from '@pc/http';
import { AppModule } from './app.module';
import type { PayoutsEnv } from './config/payouts.env';

export async function createPayoutsApp(env: PayoutsEnv): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(env), {
    bufferLogs: true,
  });
  configureServiceApp(app);
  serveOpenApi(app, { title: 'Payouts', description: 'Payouts of the whole available balance.' });
  return app;
}
