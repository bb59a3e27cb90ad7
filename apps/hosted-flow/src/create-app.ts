import type { NestExpressApplication } from '@nestjs/platform-express';
import { createServiceApp } from '@pc/http';
import { AppModule } from './app.module';
import type { HostedFlowEnv } from './config/hosted-flow.env';

export async function createHostedFlowApp(env: HostedFlowEnv): Promise<NestExpressApplication> {
  return createServiceApp(AppModule.register(env), {
    title: 'Hosted flow',
    description: 'Merchant-facing pages reached by signed links.',
  });
}
