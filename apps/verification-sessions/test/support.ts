import { connect } from 'amqplib';
import { register } from 'prom-client';
import request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { signPrincipal, type Principal } from '@pc/auth';
import { Scope, type DomainEvent } from '@pc/contracts';
import { loadEnv } from '@pc/http';
import {
  createTestDatabase,
  EventCapture,
  testInfrastructure,
  uniqueName,
  type TestDatabase,
} from '@pc/testing';
import { VerificationSessionsEnv } from '../src/config/verification-sessions.env';
import { createVerificationSessionsApp } from '../src/create-app';
import { verificationSessionsDataSourceOptions } from '../src/verification-sessions.datasource';

export const SECRET = 'verification-sessions-test-secret-0123456789';
export const rabbitUrl = testInfrastructure.rabbitUrl;

export interface TestService {
  app: INestApplication;
  db: TestDatabase;
  exchange: string;
  capture: EventCapture;
  /** Another replica on the same database and exchange. */
  replica(overrides?: Record<string, string>): Promise<INestApplication>;
  stop(): Promise<void>;
}

function envFor(database: string, exchange: string, overrides: Record<string, string>) {
  return loadEnv(VerificationSessionsEnv, {
    DATABASE_NAME: database,
    RABBITMQ_URL: rabbitUrl,
    INTERNAL_AUTH_SECRET: SECRET,
    EVENTS_EXCHANGE: exchange,
    LOG_LEVEL: 'silent',
    SESSION_TTL_MIN_SECONDS: '1',
    ...overrides,
  });
}

/** A fresh database, exchange and event capture, and the service on them. */
export async function startService(
  prefix: string,
  overrides: Record<string, string> = {},
): Promise<TestService> {
  const db = await createTestDatabase(prefix, verificationSessionsDataSourceOptions);
  const exchange = uniqueName(`${prefix}_ex`);
  const capture = await EventCapture.start(rabbitUrl, exchange, 'verification.#');
  const apps: INestApplication[] = [];
  const boot = async (extra: Record<string, string>) => {
    const app = await createVerificationSessionsApp(
      envFor(db.config.database, exchange, { ...overrides, ...extra }),
    );
    await app.init();
    apps.push(app);
    return app;
  };
  const app = await boot({});
  return {
    app,
    db,
    exchange,
    capture,
    // prom-client's registry is per process and @pc/http registers default metrics once per app.
    replica: (extra = {}) => {
      register.clear();
      return boot(extra);
    },
    async stop() {
      for (const running of apps) await running.close();
      await capture.stop();
      await db.drop();
      const connection = await connect(rabbitUrl);
      const channel = await connection.createChannel();
      await channel.deleteExchange(exchange).catch(() => undefined);
      await connection.close();
    },
  };
}

export function principal(
  partnerId: string,
  scopes: Scope[] = [Scope.VerificationsRead, Scope.VerificationsWrite],
): Principal {
  return {
    partnerId,
    channels: [`ch_${partnerId}`],
    scopes,
    keyId: `key_${partnerId}`,
    requestId: 'req-test',
  };
}

/** supertest bound to one partner: every call carries its signed principal. */
export function partnerClient(app: INestApplication, partnerId: string, scopes?: Scope[]) {
  const server = app.getHttpServer();
  const headers = () => signPrincipal(principal(partnerId, scopes), SECRET);
  return {
    post: (path: string, body?: object) => request(server).post(path).set(headers()).send(body),
    get: (path: string) => request(server).get(path).set(headers()),
    delete: (path: string) => request(server).delete(path).set(headers()),
  };
}

export type PartnerClient = ReturnType<typeof partnerClient>;

export const BASE = '/api/v1/verifications';

export async function createSession(
  client: PartnerClient,
  body: object = { provider: 'bank_transfer' },
) {
  const response = await client.post(BASE, body);
  if (response.status !== 201)
    throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; external_id: string | null; status: string };
}

export const sandbox = (id: string) => `${BASE}/${id}/sandbox/complete`;

export function eventsOf(capture: EventCapture, sessionId: string, type?: string): DomainEvent[] {
  return capture.events.filter(
    (event) =>
      (event.data as { verification_session_id?: string }).verification_session_id === sessionId &&
      (type === undefined || event.type === type),
  );
}

export function waitForEvent(
  capture: EventCapture,
  sessionId: string,
  type: string,
  timeoutMs = 5000,
) {
  return capture.waitFor(
    (event) =>
      event.type === type &&
      (event.data as { verification_session_id?: string }).verification_session_id === sessionId,
    timeoutMs,
  );
}

/** The envelope as the spec fixes it, with `data` compared exactly (an extra or missing key fails). */
export function expectEnvelope(
  event: DomainEvent,
  type: string,
  partnerId: string,
  data: Record<string, unknown>,
): void {
  expect(Object.keys(event).sort()).toEqual(['created_at', 'data', 'id', 'owner', 'type']);
  expect(event.id).toMatch(/^evt_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(event.type).toBe(type);
  expect(event.created_at).toMatch(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  );
  expect(event.owner).toEqual({ partner_id: partnerId });
  expect(event.data).toStrictEqual(data);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function eventually<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  stepMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(stepMs);
  }
}
