import request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { loadEnv } from '@pc/http';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
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

  it('is ready when its database answers', async () => {
    const response = await request(app.getHttpServer()).get('/health/ready').expect(200);
    expect(response.body.info.database.status).toBe('up');
  });

  it('serves Prometheus metrics', async () => {
    const response = await request(app.getHttpServer()).get('/metrics').expect(200);
    expect(response.text).toContain('process_cpu_seconds_total');
  });

  it('answers unknown paths with problem+json', async () => {
    const response = await request(app.getHttpServer()).get('/nope').expect(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).toMatchObject({ status: 404, code: 'not_found' });
  });
});
