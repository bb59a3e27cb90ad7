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

export const ADDRESS = {
  street: 'ul. Prosta',
  building_number: '20',
  postal_code: '00-850',
  city: 'Warszawa',
  country: 'PL',
};

/** The sandbox register's documented entities, as a partner would send them. */
export const COMPANY = {
  jointBoard: {
    has_nip: true,
    nip: '5260000011',
    regon: '140000017',
    krs: '0000000001',
    legal_form: 'limited_liability_company',
    name: 'Dwuosobowy Zarząd Sp. z o.o.',
    registered_address: ADDRESS,
  },
  singleBoard: {
    has_nip: true,
    nip: '5260000028',
    regon: '140000023',
    krs: '0000000002',
    legal_form: 'limited_liability_company',
    name: 'Jednoosobowy Zarząd Sp. z o.o.',
    registered_address: ADDRESS,
  },
  struckOff: {
    has_nip: true,
    nip: '5260000034',
    regon: '140000030',
    krs: '0000000003',
    legal_form: 'limited_liability_company',
    name: 'Wykreślona Sp. z o.o.',
    registered_address: ADDRESS,
  },
  soleTrader: {
    has_nip: true,
    nip: '1234563218',
    regon: '123456785',
    legal_form: 'sole_proprietorship',
    name: 'Jan Kowalski Usługi Informatyczne',
    registered_address: ADDRESS,
  },
  naturalPerson: { has_nip: false },
};

export function bankProfile(overrides: Record<string, unknown> = {}) {
  return {
    bank_account: {
      iban: 'PL61 1090 1014 0000 0712 1981 2874',
      holder_name: 'Dwuosobowy Zarząd Sp. z o.o.',
    },
    transactional_profile: {
      expected_monthly_turnover_pln: 50000,
      expected_monthly_transactions: 1200,
      average_transaction_amount_pln: 42,
      max_transaction_amount_pln: 5000,
    },
    shop_industry: 'electronics',
    main_activity_pkd: '47.91.Z',
    ...overrides,
  };
}

export const IDENTITY_DOCUMENT = {
  type: 'id_card',
  number: 'ABA300000',
  expiry_date: '2031-05-20',
  issuing_country: 'PL',
};

export function beneficialOwner(overrides: Record<string, unknown> = {}) {
  return {
    identity: {
      first_name: 'Anna',
      last_name: 'Nowak',
      national_id_number: '44051401458',
      date_of_birth: '1944-05-14',
      citizenships: ['PL'],
    },
    address: ADDRESS,
    indication_basis: { type: 'ownership', ownership_percent: 60 },
    identity_document: IDENTITY_DOCUMENT,
    pep_declaration: { is_pep: false },
    source_of_wealth_declaration: { sources: ['business_activity'] },
    ...overrides,
  };
}

export function invitee(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Piotr',
    last_name: 'Wiśniewski',
    email: 'piotr@example.pl',
    phone: '501234567',
    role: 'representative',
    ...overrides,
  };
}

export const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** Creates a draft and returns its ref. */
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

export function expectProblem(body: Record<string, unknown>, status: number, code?: string) {
  expect(body).toMatchObject({ status, ...(code ? { code } : {}) });
  expect(typeof body.type).toBe('string');
  expect(typeof body.title).toBe('string');
}

export function fieldsOf(body: { errors?: Array<{ field: string; code: string }> }): string[] {
  return (body.errors ?? []).map((error) => `${error.field}:${error.code}`);
}
