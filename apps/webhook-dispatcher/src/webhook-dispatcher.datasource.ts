import type { DataSourceOptions } from 'typeorm';
import { CreateIdempotencyKeys1760000000100 } from '@pc/http';
import { MESSAGING_MIGRATIONS } from '@pc/messaging';
import { postgresDataSourceOptions, type DatabaseConfig } from '@pc/persistence';
import { WebhookDelivery, WebhookDeliveryAttempt } from './deliveries/webhook-delivery.entity';
import { WebhookEndpoint } from './endpoints/webhook-endpoint.entity';
import { CreateWebhookTables1760000400000 } from './migrations/1760000400000-create-webhook-tables';
import { IndexFinishedDeliveries1795375900000 } from './migrations/1795375900000-index-finished-deliveries';

/** The webhook dispatcher's database: its entities and every migration, in order. */
export function webhookDispatcherDataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  return postgresDataSourceOptions(db, {
    entities: [WebhookEndpoint, WebhookDelivery, WebhookDeliveryAttempt],
    migrations: [
      ...MESSAGING_MIGRATIONS,
      CreateIdempotencyKeys1760000000100,
      CreateWebhookTables1760000400000,
      IndexFinishedDeliveries1795375900000,
    ],
  });
}
