import type { INestApplication } from '@nestjs/common';
import { loadEnv } from '@pc/http';
import { createTestDatabase, itServesTheServiceBasics, type TestDatabase } from '@pc/testing';
import { PayoutsEnv } from '../src/config/payouts.env';
import { createPayoutsApp } from '../src/create-app';
import { payoutsDataSourceOptions } from '../src/payouts.datasource';

describe('payouts service', () => {
  let database: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    database = await createTestDatabase('payouts', payoutsDataSourceOptions);
    const env = loadEnv(PayoutsEnv, {
      DATABASE_NAME: database.config.database,
      INTERNAL_AUTH_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'silent',
    });
    app = await createPayoutsApp(env);
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  itServesTheServiceBasics(() => app);
});
