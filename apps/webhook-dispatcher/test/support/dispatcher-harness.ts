import { randomBytes, randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { connect, type ChannelModel } from 'amqplib';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signPrincipal, type Principal } from '@pc/auth';
import { ALL_SCOPES, createEvent, type DomainEvent } from '@pc/contracts';
import { loadEnv } from '@pc/http';
import { createTestDatabase, testInfrastructure, uniqueName, type TestDatabase } from '@pc/testing';
import { WebhookDispatcherEnv } from '../../src/config/webhook-dispatcher.env';
import { createWebhookDispatcherApp } from '../../src/create-app';
import { deliveryQueueNames } from '../../src/dispatch/delivery-queue';
import { parseSchedule } from '../../src/dispatch/dispatch-settings';
import { RetrySchedule } from '../../src/dispatch/retry-schedule';
import { webhookDispatcherDataSourceOptions } from '../../src/webhook-dispatcher.datasource';

export const INTERNAL_SECRET = 'x'.repeat(32);
export const rabbitUrl = testInfrastructure.rabbitUrl;

export function partner(
  partnerId = `prt_${randomUUID().slice(0, 8)}`,
  scopes = ALL_SCOPES,
): Principal {
  return {
    partnerId,
    channels: ['ch_1'],
    scopes: [...scopes],
    keyId: 'key_1',
    requestId: randomUUID(),
  };
}

/** The variables a test dispatcher runs with: isolated names, a fast schedule, private URLs allowed. */
export function testEnvVars(
  database: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_NAME: database,
    INTERNAL_AUTH_SECRET: INTERNAL_SECRET,
    EVENTS_EXCHANGE: uniqueName('webhook_ex'),
    WEBHOOK_QUEUE_PREFIX: uniqueName('webhooks'),
    WEBHOOK_SECRET_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_SCHEDULE_MS: '0,50,50,50,50',
    WEBHOOK_ATTEMPT_TIMEOUT_MS: '1000',
    WEBHOOK_SWEEP_INTERVAL_MS: '200',
    WEBHOOK_SWEEP_GRACE_MS: '1500',
    LOG_LEVEL: 'silent',
    ...overrides,
  };
}

/** The dispatcher's queues and the events exchange, to delete after a test. */
export function brokerObjectsOf(vars: Record<string, string>): {
  queues: string[];
  exchanges: string[];
} {
  const names = deliveryQueueNames(vars.WEBHOOK_QUEUE_PREFIX);
  const schedule = new RetrySchedule(parseSchedule(vars.WEBHOOK_RETRY_SCHEDULE_MS));
  const events = `${vars.WEBHOOK_QUEUE_PREFIX}.events`;
  return {
    queues: [
      names.deliveries,
      ...schedule.retryDelays().map((delay) => names.retry(delay)),
      events,
      `${events}.parking`,
      `${events}.retry-5000ms`,
    ],
    exchanges: [vars.EVENTS_EXCHANGE],
  };
}

export async function deleteBrokerObjects(objects: {
  queues: string[];
  exchanges: string[];
}): Promise<void> {
  const connection = await connect(rabbitUrl);
  try {
    for (const queue of objects.queues) {
      const channel = await connection.createChannel();
      await channel.deleteQueue(queue).catch(() => undefined);
      await channel.close().catch(() => undefined);
    }
    for (const exchange of objects.exchanges) {
      const channel = await connection.createChannel();
      await channel.deleteExchange(exchange).catch(() => undefined);
      await channel.close().catch(() => undefined);
    }
  } finally {
    await connection.close();
  }
}

/** Publishes domain events to the events exchange as the outbox relay does (routing key = type). */
export class EventPublisher {
  private constructor(
    private readonly connection: ChannelModel,
    private readonly channel: Awaited<ReturnType<ChannelModel['createConfirmChannel']>>,
    private readonly exchange: string,
  ) {}

  static async open(exchange: string): Promise<EventPublisher> {
    const connection = await connect(rabbitUrl);
    const channel = await connection.createConfirmChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
    return new EventPublisher(connection, channel, exchange);
  }

  async publish(event: DomainEvent): Promise<void> {
    this.channel.publish(this.exchange, event.type, Buffer.from(JSON.stringify(event)), {
      persistent: true,
      messageId: event.id,
      contentType: 'application/json',
    });
    await this.channel.waitForConfirms();
  }

  async close(): Promise<void> {
    await this.channel.close().catch(() => undefined);
    await this.connection.close().catch(() => undefined);
  }
}

export function verificationEvent(partnerId: string, type = 'verification.completed'): DomainEvent {
  return createEvent(
    type,
    {
      verification_session_id: randomUUID(),
      external_id: 'ext-1',
      status: 'completed',
      provider: 'bank_transfer',
      result_status: 'verified',
    },
    { partner_id: partnerId },
  );
}

/** A dispatcher app on its own database and broker names, with helpers to call it as a partner. */
export class DispatcherHarness {
  private constructor(
    readonly app: NestExpressApplication,
    readonly database: TestDatabase,
    readonly vars: Record<string, string>,
    readonly events: EventPublisher,
  ) {}

  static async start(
    overrides: Record<string, string> = {},
    database?: TestDatabase,
  ): Promise<DispatcherHarness> {
    const db =
      database ??
      (await createTestDatabase('webhooks', (config) =>
        webhookDispatcherDataSourceOptions(config),
      ));
    const vars = testEnvVars(db.config.database, overrides);
    const app = await createWebhookDispatcherApp(loadEnv(WebhookDispatcherEnv, vars));
    await app.init();
    const events = await EventPublisher.open(vars.EVENTS_EXCHANGE);
    return new DispatcherHarness(app, db, vars, events);
  }

  get dataSource(): DataSource {
    return this.app.get(DataSource);
  }

  as(principal: Principal) {
    const server = this.app.getHttpServer();
    const sign = () => signPrincipal(principal, INTERNAL_SECRET);
    return {
      post: (path: string, body?: object) => request(server).post(path).set(sign()).send(body),
      get: (path: string) => request(server).get(path).set(sign()),
      patch: (path: string, body: object) => request(server).patch(path).set(sign()).send(body),
      delete: (path: string) => request(server).delete(path).set(sign()),
    };
  }

  /** Registers an endpoint for `principal` and returns its id and secret. */
  async createEndpoint(
    principal: Principal,
    url: string,
    events?: string[],
  ): Promise<{ id: string; secret: string }> {
    const response = await this.as(principal).post('/api/v1/webhooks', {
      url,
      ...(events ? { events } : {}),
    });
    if (response.status !== 201)
      throw new Error(`endpoint not created: ${response.status} ${JSON.stringify(response.body)}`);
    return { id: response.body.id, secret: response.body.secret };
  }

  async deliveriesOf(
    endpointId: string,
  ): Promise<Array<{ id: string; event_id: string; status: string; attempts_made: number }>> {
    return this.dataSource.query(
      `SELECT id, event_id, status, attempts_made FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at`,
      [endpointId],
    );
  }

  async attemptsOf(deliveryId: string): Promise<
    Array<{
      attempt_number: number;
      outcome: string;
      status_code: number | null;
      error_class: string | null;
    }>
  > {
    return this.dataSource.query(
      `SELECT attempt_number, outcome, status_code, error_class FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt_number`,
      [deliveryId],
    );
  }

  async stop(options: { keepDatabase?: boolean } = {}): Promise<void> {
    await this.events.close();
    await this.app.close();
    await deleteBrokerObjects(brokerObjectsOf(this.vars));
    if (!options.keepDatabase) await this.database.drop();
  }
}

/** Polls `check` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 15_000,
  stepMs = 50,
): Promise<Exclude<T, null | undefined | false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, null | undefined | false>;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
