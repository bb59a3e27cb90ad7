import type { DataSourceOptions } from 'typeorm';
import { dropDatabase, migrate, type DatabaseConfig } from '@pc/persistence';
import { testDatabaseConfig, uniqueName } from './infrastructure';

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/**
 * Creates a fresh database with every migration applied, as `npm run migrate` would.
 * `optionsFor` builds the service's own data source options for the given database config.
 */
export async function createTestDatabase(
  prefix: string,
  optionsFor: (config: DatabaseConfig) => DataSourceOptions,
): Promise<TestDatabase> {
  const config = testDatabaseConfig(uniqueName(prefix));
  await migrate(config, optionsFor(config));
  return { config, drop: () => dropDatabase(config) };
}
