export * from './database-config';
export * from './data-source-options';
export * from './ensure-database';
export * from './migrate';
export * from './queryable';
export * from './prepared-statements';
export * from './periodic-job';
