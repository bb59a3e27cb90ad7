import type { DataSource } from 'typeorm';
import type { ReadinessProbe } from './health.controller';

export function databaseProbe(dataSource: DataSource): ReadinessProbe {
  return {
    name: 'database',
    isReady: async () => {
      await dataSource.query('SELECT 1');
      return true;
    },
  };
}
