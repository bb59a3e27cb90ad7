import type { INestApplication } from '@nestjs/common';
import { loadEnv } from '@pc/http';
import { createTestDatabase, itServesTheServiceBasics, type TestDatabase } from '@pc/testing';
import { MerchantAccountEnv } from '../src/config/merchant-account.env';
import { createMerchantAccountApp } from '../src/create-app';
import { merchantAccountDataSourceOptions } from '../src/merchant-account.datasource';

describe('merchant-account service', () => {
  let database: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    database = await createTestDatabase('merchant_account', merchantAccountDataSourceOptions);
    const env = loadEnv(MerchantAccountEnv, {
      DATABASE_NAME: database.config.database,
      INTERNAL_AUTH_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'silent',
    });
    app = await createMerchantAccountApp(env);
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  itServesTheServiceBasics(() => app);
});
