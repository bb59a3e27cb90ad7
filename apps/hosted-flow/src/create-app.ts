import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureServiceApp, serveOpenApi } from '@pc/http';
import { AppModule } from './app.module';
import type { HostedFlowEnv } from './config/hosted-flow.env';

export async function createHostedFlowApp(env: HostedFlowEnv): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(env), {
    bufferLogs: true,
  });
  configureServiceApp(app);
  serveOpenApi(app, {
    title: 'Hosted flow',
    description: 'Merchant-facing pages reached by signed links.',
  });
  return app;
}
