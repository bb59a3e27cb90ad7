import type { DataSourceOptions } from 'typeorm';
import { CreateIdempotencyKeys1760000000100 } from '@pc/http';
import { postgresDataSourceOptions, type DatabaseConfig } from '@pc/persistence';

/** The payouts database: its entities and every migration, in order. */
export function payoutsDataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  return postgresDataSourceOptions(db, {
    entities: [],
    migrations: [CreateIdempotencyKeys1760000000100],
  });
}
