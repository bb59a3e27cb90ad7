import { IsBoolean, IsIn, IsInt, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { EnvBoolean, ServiceEnv } from '@pc/http';
import type { QueueType } from '@pc/messaging';

/**
 * Configuration of the webhook dispatcher; every variable is documented in docs/webhooks.md.
 * Types are spelled out so the decorator metadata lets numbers and booleans convert from strings.
 */
export class WebhookDispatcherEnv extends ServiceEnv {
  override PORT = 3005;
  override DATABASE_NAME = 'pc_webhooks';

  /** 32 random bytes, base64: encrypts endpoint signing secrets at rest (AES-256-GCM). */
  @IsString()
  @MinLength(43, { message: 'WEBHOOK_SECRET_ENCRYPTION_KEY must be 32 bytes, base64-encoded' })
  WEBHOOK_SECRET_ENCRYPTION_KEY: string;

  /**
   * During a key rotation: the keys used before, comma-separated, to decrypt secrets not yet
   * re-encrypted with the current key (`npm run reencrypt-webhook-secrets`). Empty otherwise.
   */
  @IsString()
  WEBHOOK_SECRET_PREVIOUS_ENCRYPTION_KEYS: string = '';

  /** Lets endpoints use http:// and loopback/private addresses: tests and local development only. */
  @EnvBoolean()
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE_URLS: boolean = false;

  /** Delay before each attempt, comma-separated ms; the count is the number of attempts. */
  @IsString()
  @Matches(/^\d+(,\d+)*$/, {
    message: 'WEBHOOK_RETRY_SCHEDULE_MS must be comma-separated integers (ms)',
  })
  WEBHOOK_RETRY_SCHEDULE_MS: string = '0,10000,60000,300000,1800000';

  @IsInt()
  @Min(10)
  @Max(60_000)
  WEBHOOK_ATTEMPT_TIMEOUT_MS: number = 10_000;

  /** Requests in flight to one endpoint at a time. */
  @IsInt()
  @Min(1)
  @Max(256)
  WEBHOOK_ENDPOINT_CONCURRENCY: number = 8;

  /** Requests in flight in this process, over all endpoints. */
  @IsInt()
  @Min(1)
  @Max(20_000)
  WEBHOOK_MAX_IN_FLIGHT: number = 2000;

  /** Unacknowledged delivery messages this process holds. */
  @IsInt()
  @Min(1)
  @Max(5000)
  WEBHOOK_PREFETCH: number = 500;

  /** Prefix of the dispatcher's queues (`<prefix>.events`, `<prefix>.deliveries`, `<prefix>.retry-<ms>ms`). */
  @IsString()
  @Matches(/^[A-Za-z0-9._-]+$/)
  WEBHOOK_QUEUE_PREFIX: string = 'webhook-dispatcher';

  @IsIn(['quorum', 'classic'])
  WEBHOOK_QUEUE_TYPE: QueueType = 'quorum';

  /** How often the sweeper looks for overdue deliveries. */
  @IsInt()
  @Min(10)
  WEBHOOK_SWEEP_INTERVAL_MS: number = 5000;

  /** A pending delivery this late (past its due time or lease) is re-enqueued by the sweeper. */
  @IsInt()
  @Min(10)
  WEBHOOK_SWEEP_GRACE_MS: number = 30_000;

  /** Finished deliveries (with their attempts) are kept this long: the reach of list and recover. */
  @IsInt()
  @Min(1)
  WEBHOOK_DELIVERY_RETENTION_DAYS: number = 30;

  /** Events the fan-out consumer handled are remembered this long, to ignore their redeliveries. */
  @IsInt()
  @Min(1)
  WEBHOOK_INBOX_RETENTION_DAYS: number = 14;

  /** Deliveries are recorded in batches from many attempts at once: a larger pool than the default. */
  override DATABASE_POOL_SIZE: number = 20;
}
