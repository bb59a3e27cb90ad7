import type { NestExpressApplication } from '@nestjs/platform-express';
import { createServiceApp } from '@pc/http';
import { AppModule } from './app.module';
import type { PayoutsEnv } from './config/payouts.env';

export async function createPayoutsApp(env: PayoutsEnv): Promise<NestExpressApplication> {
  return createServiceApp(AppModule.register(env), {
    title: 'Payouts',
    description: 'Payouts of the whole available balance.',
  });
}
