import type { NestExpressApplication } from '@nestjs/platform-express';
import Redis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadEnv } from '@pc/http';
import { createTestDatabase, testInfrastructure, uniqueName, type TestDatabase } from '@pc/testing';
import { apiGatewayDataSourceOptions } from '../../src/api-gateway.datasource';
import { PartnerCommands } from '../../src/cli/partner-commands';
import { ApiGatewayEnv } from '../../src/config/api-gateway.env';
import { createApiGatewayApp } from '../../src/create-app';

export interface GatewayUnderTest {
  app: NestExpressApplication;
  env: ApiGatewayEnv;
  commands: PartnerCommands;
  close(): Promise<void>;
}

/** The real gateway on an isolated database and Redis key prefix, ready (routes loaded). */
export async function startGateway(variables: Record<string, string>): Promise<GatewayUnderTest> {
  const database: TestDatabase = await createTestDatabase('gateway', apiGatewayDataSourceOptions);
  try {
    return await start(database, variables);
  } catch (error) {
    await database.drop();
    throw error;
  }
}

async function start(
  database: TestDatabase,
  variables: Record<string, string>,
): Promise<GatewayUnderTest> {
  const env = loadEnv(ApiGatewayEnv, {
    DATABASE_NAME: database.config.database,
    INTERNAL_AUTH_SECRET: 'x'.repeat(32),
    LOG_LEVEL: 'silent',
    REDIS_URL: testInfrastructure.redisUrl,
    REDIS_KEY_PREFIX: `${uniqueName('gateway')}:`,
    ...variables,
  });
  const app = await createApiGatewayApp(env);
  await app.init();
  await waitUntilReady(app);
  const commands = PartnerCommands.forDataSource(app.get(DataSource), env.PARTNER_KEY_ENVIRONMENT);
  return {
    app,
    env,
    commands,
    close: async () => {
      await app.close();
      await database.drop();
      await deleteRedisKeys(env.REDIS_URL, env.REDIS_KEY_PREFIX);
    },
  };
}

async function waitUntilReady(app: NestExpressApplication, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request(app.getHttpServer()).get('/health/ready');
    if (response.status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`gateway not ready: ${JSON.stringify(response.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
