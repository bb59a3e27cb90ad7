import type { NestExpressApplication } from '@nestjs/platform-express';
import { createServiceApp } from '@pc/http';
import { AppModule } from './app.module';
import type { MerchantAccountEnv } from './config/merchant-account.env';

export async function createMerchantAccountApp(
  env: MerchantAccountEnv,
): Promise<NestExpressApplication> {
  return createServiceApp(AppModule.register(env), {
    title: 'Merchant account',
    description: 'Merchants, delegations, balances and payments.',
  });
}
