import { randomBytes } from 'node:crypto';
import type { DatabaseConfig } from '@pc/persistence';

/** Where the local services are; CI and developers' machines run them on their default ports. */
export const testInfrastructure = {
  postgres: {
    host: process.env.DATABASE_HOST ?? '127.0.0.1',
    port: Number(process.env.DATABASE_PORT ?? 5432),
    user: process.env.DATABASE_USER ?? 'postgres',
    password: process.env.DATABASE_PASSWORD ?? '',
  },
  rabbitUrl: process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

/** A name unique to this test run, safe as a database, queue or exchange name. */
export function uniqueName(prefix: string): string {
  return `t_${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(5).toString('hex')}`;
}

export function testDatabaseConfig(database: string): DatabaseConfig {
  return { ...testInfrastructure.postgres, database };
}
