import { IsIn, IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import type { DatabaseConfig } from '@pc/persistence';

/** Where a service's database is. `npm run migrate` needs only this. */
export class DatabaseEnv {
  @IsString()
  DATABASE_HOST = '127.0.0.1';

  @IsInt()
  @Min(1)
  @Max(65535)
  DATABASE_PORT: number = 5432;

  @IsString()
  DATABASE_USER = 'postgres';

  @IsString()
  DATABASE_PASSWORD = '';

  @IsString()
  @MinLength(1)
  DATABASE_NAME: string;

  @IsInt()
  @Min(1)
  @Max(100)
  DATABASE_POOL_SIZE: number = 10;
}

/** Variables every service reads. Each app extends this with its own and sets its defaults. */
export abstract class ServiceEnv extends DatabaseEnv {
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT: number;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @IsString()
  RABBITMQ_URL = 'amqp://guest:guest@127.0.0.1:5672';

  @IsString()
  @MinLength(1)
  EVENTS_EXCHANGE = 'partner-connect.events';

  /** Shared with the gateway: signs the internal principal it forwards. */
  @IsString()
  @MinLength(32, { message: 'INTERNAL_AUTH_SECRET must be at least 32 characters' })
  INTERNAL_AUTH_SECRET: string;
}

export function databaseConfigOf(env: DatabaseEnv): DatabaseConfig {
  return {
    host: env.DATABASE_HOST,
    port: env.DATABASE_PORT,
    user: env.DATABASE_USER,
    password: env.DATABASE_PASSWORD,
    database: env.DATABASE_NAME,
    poolSize: env.DATABASE_POOL_SIZE,
  };
}
