import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from './database-config';

export interface ServiceDataSourceOptions {
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
}

/** TypeORM options for one service's own database. Schema changes only ever come from migrations. */
export function postgresDataSourceOptions(
  db: DatabaseConfig,
  options: ServiceDataSourceOptions,
): DataSourceOptions {
  return {
    type: 'postgres',
    host: db.host,
    port: db.port,
    username: db.user,
    password: db.password,
    database: db.database,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    extra: { max: db.poolSize ?? 10 },
  };
}
