import type { DataSourceOptions } from 'typeorm';
import { CreateIdempotencyKeys1760000000100 } from '@pc/http';
import { MESSAGING_MIGRATIONS } from '@pc/messaging';
import { postgresDataSourceOptions, type DatabaseConfig } from '@pc/persistence';
import { CreateOnboardingTables1760000005000 } from './migrations/1760000005000-create-onboarding-tables';

/**
 * The partner-onboarding database: every migration, in order. No TypeORM entities: repositories
 * use SQL directly for ON CONFLICT creates, row locks and keyset pages, and map rows to domain classes.
 */
export function partnerOnboardingDataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  return postgresDataSourceOptions(db, {
    entities: [],
    migrations: [
      ...MESSAGING_MIGRATIONS,
      CreateIdempotencyKeys1760000000100,
      CreateOnboardingTables1760000005000,
    ],
  });
}
