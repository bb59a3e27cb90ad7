import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { signPrincipal, type Principal } from '@pc/auth';
import { ALL_SCOPES } from '@pc/contracts';
import { loadEnv } from '@pc/http';
import {
  createTestDatabase,
  EventCapture,
  testInfrastructure,
  uniqueName,
  type TestDatabase,
} from '@pc/testing';
import { PartnerOnboardingEnv } from '../src/config/partner-onboarding.env';
import { createPartnerOnboardingApp } from '../src/create-app';
import { partnerOnboardingDataSourceOptions } from '../src/partner-onboarding.datasource';

export * from './fixtures';

export const INTERNAL_SECRET = 'i'.repeat(32);
export const LINK_SECRET = 'l'.repeat(32);

export interface OnboardingTestApp {
  app: NestExpressApplication;
  database: TestDatabase;
  exchange: string;
  events?: EventCapture;
  close(): Promise<void>;
}

/** The service on a fresh database and its own exchange; `captureEvents` listens on that exchange. */
export async function startOnboardingApp(
  options: { captureEvents?: boolean; env?: Record<string, string> } = {},
): Promise<OnboardingTestApp> {
  const database = await createTestDatabase('onboarding', partnerOnboardingDataSourceOptions);
  const exchange = uniqueName('ex');
  const events = options.captureEvents
    ? await EventCapture.start(testInfrastructure.rabbitUrl, exchange, 'onboarding.#')
    : undefined;
  const env = loadEnv(PartnerOnboardingEnv, {
    DATABASE_NAME: database.config.database,
    DATABASE_HOST: database.config.host,
    DATABASE_PORT: String(database.config.port),
    DATABASE_USER: database.config.user,
    DATABASE_PASSWORD: database.config.password,
    RABBITMQ_URL: testInfrastructure.rabbitUrl,
    INTERNAL_AUTH_SECRET: INTERNAL_SECRET,
    HOSTED_LINK_SECRET: LINK_SECRET,
    HOSTED_FLOW_BASE_URL: 'http://hosted.test',
    EVENTS_EXCHANGE: exchange,
    LOG_LEVEL: 'silent',
    SANDBOX_MODE: 'true',
    ...options.env,
  });
  const app = await createPartnerOnboardingApp(env);
  await app.init();
  return {
    app,
    database,
    exchange,
    events,
    async close() {
      await app.close();
      await events?.stop();
      await database.drop();
      await deleteExchange(exchange);
    },
  };
}

async function deleteExchange(exchange: string): Promise<void> {
  const { connect } = await import('amqplib');
  const connection = await connect(testInfrastructure.rabbitUrl);
  const channel = await connection.createChannel();
  await channel.deleteExchange(exchange).catch(() => undefined);
  await connection.close().catch(() => undefined);
}

export function principal(overrides: Partial<Principal> = {}): Principal {
  return {
    partnerId: 'partner-a',
    channels: ['web'],
    scopes: [...ALL_SCOPES],
    keyId: 'key-1',
    requestId: 'req-1',
    ...overrides,
  };
}

/** Calls as `who` (a principal signed as the gateway would). */
export function as(app: NestExpressApplication, who: Principal) {
  const server = app.getHttpServer();
  const sign = <T extends request.Test>(test: T): T =>
    test.set(signPrincipal(who, INTERNAL_SECRET));
  return {
    get: (path: string) => sign(request(server).get(path)),
    post: (path: string) => sign(request(server).post(path)),
    put: (path: string) => sign(request(server).put(path)),
    patch: (path: string) => sign(request(server).patch(path)),
    delete: (path: string) => sign(request(server).delete(path)),
  };
}

export async function createDraft(
  app: NestExpressApplication,
  who: Principal,
  ref = uniqueName('m').slice(0, 40),
): Promise<string> {
  await as(app, who).post('/api/v1/onboarding').send({ partner_external_ref: ref }).expect(201);
  return ref;
}

/** A new draft of `who`, with its company segment already set when `company` is given. */
export async function createDraftWithCompany(
  app: NestExpressApplication,
  who: Principal,
  company?: object,
): Promise<string> {
  const ref = await createDraft(app, who);
  if (company) {
    await as(app, who).patch(`/api/v1/onboarding/${ref}/company`).send(company).expect(200);
  }
  return ref;
}

/**
 * The service for one test file (started before its tests, closed after them) and a partner calling
 * it: `api()` signs calls as that partner, `draftOf()` makes a draft, with its company segment when
 * one is given, and `app()` is the running app.
 */
export function onboardingAppForTests(partner: Principal = principal()) {
  let t: OnboardingTestApp;
  beforeAll(async () => {
    t = await startOnboardingApp();
  });
  afterAll(async () => t.close());
  return {
    app: () => t.app,
    api: () => as(t.app, partner),
    draftOf: (company?: object) => createDraftWithCompany(t.app, partner, company),
  };
}

export function expectProblem(body: Record<string, unknown>, status: number, code?: string) {
  expect(body).toMatchObject({ status, ...(code ? { code } : {}) });
  expect(typeof body.type).toBe('string');
  expect(typeof body.title).toBe('string');
}

export function fieldsOf(body: { errors?: Array<{ field: string; code: string }> }): string[] {
  return (body.errors ?? []).map((error) => `${error.field}:${error.code}`);
}
