import { DataSource, type DataSourceOptions } from 'typeorm';
import { ensureDatabase } from './ensure-database';
import type { DatabaseConfig } from './database-config';

/** Creates the database if needed and applies every pending migration. Idempotent. */
export async function migrate(db: DatabaseConfig, options: DataSourceOptions): Promise<string[]> {
  await ensureDatabase(db);
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
