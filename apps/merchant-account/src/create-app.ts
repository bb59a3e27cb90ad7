import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureServiceApp, serveOpenApi } from '@pc/http';
import { AppModule } from './app.module';
import type { MerchantAccountEnv } from './config/merchant-account.env';

export async function createMerchantAccountApp(
  env: MerchantAccountEnv,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(env), {
    bufferLogs: true,
  });
  configureServiceApp(app);
  serveOpenApi(app, {
    title: 'Merchant account',
    description: 'Merchants, delegations, balances and payments.',
  });
  return app;
}
