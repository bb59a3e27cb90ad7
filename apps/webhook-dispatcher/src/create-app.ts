import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { createServiceApp } from '@pc/http';
import { RabbitEventsServer } from '@pc/messaging';
import { AppModule } from './app.module';
import { DAY_MS } from './dispatch/dispatch-settings';
import { SERVICE_NAME } from './service-name';
import type { WebhookDispatcherEnv } from './config/webhook-dispatcher.env';
import { FANNED_OUT_EVENT_TYPES } from './fan-out/events.consumer';

export async function createWebhookDispatcherApp(
  env: WebhookDispatcherEnv,
): Promise<NestExpressApplication> {
  const app = await createServiceApp(AppModule.register(env), {
    title: 'Webhook dispatcher',
    description:
      'Webhook endpoints, and signed delivery of partner events with retries, disabling and recovery.',
  });
  app.connectMicroservice({
    strategy: new RabbitEventsServer({
      url: env.RABBITMQ_URL,
      exchange: env.EVENTS_EXCHANGE,
      queue: `${env.WEBHOOK_QUEUE_PREFIX}.events`,
      consumerName: SERVICE_NAME,
      dataSource: app.get(DataSource),
      expectedEventTypes: FANNED_OUT_EVENT_TYPES,
      queueType: env.WEBHOOK_QUEUE_TYPE,
      inboxRetentionMs: env.WEBHOOK_INBOX_RETENTION_DAYS * DAY_MS,
    }),
  });
  await app.startAllMicroservices();
  return app;
}
