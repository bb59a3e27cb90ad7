import type { DataSourceOptions } from 'typeorm';
import { postgresDataSourceOptions, type DatabaseConfig } from '@pc/persistence';

/** The hosted-flow database: no tables yet (link state lives in partner-onboarding). */
export function hostedFlowDataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  return postgresDataSourceOptions(db, { entities: [], migrations: [] });
}
