import type { DataSourceOptions } from 'typeorm';
import { DatabaseEnv, databaseConfigOf, loadEnv } from '@pc/http';
import { migrate, type DatabaseConfig } from '@pc/persistence';
import { apiGatewayDataSourceOptions } from '../apps/api-gateway/src/api-gateway.datasource';
import { hostedFlowDataSourceOptions } from '../apps/hosted-flow/src/hosted-flow.datasource';
import { merchantAccountDataSourceOptions } from '../apps/merchant-account/src/merchant-account.datasource';
import { partnerOnboardingDataSourceOptions } from '../apps/partner-onboarding/src/partner-onboarding.datasource';
import { payoutsDataSourceOptions } from '../apps/payouts/src/payouts.datasource';
import { verificationSessionsDataSourceOptions } from '../apps/verification-sessions/src/verification-sessions.datasource';
import { webhookDispatcherDataSourceOptions } from '../apps/webhook-dispatcher/src/webhook-dispatcher.datasource';

interface ServiceDatabase {
  service: string;
  database: string;
  options: (db: DatabaseConfig) => DataSourceOptions;
}

/** Every service that owns a database, with its default database name. */
const SERVICE_DATABASES: ServiceDatabase[] = [
  { service: 'api-gateway', database: 'pc_gateway', options: apiGatewayDataSourceOptions },
  {
    service: 'partner-onboarding',
    database: 'pc_onboarding',
    options: (db) => partnerOnboardingDataSourceOptions(db),
  },
  {
    service: 'merchant-account',
    database: 'pc_merchant_account',
    options: merchantAccountDataSourceOptions,
  },
  { service: 'payouts', database: 'pc_payouts', options: payoutsDataSourceOptions },
  {
    service: 'verification-sessions',
    database: 'pc_verifications',
    options: (db) => verificationSessionsDataSourceOptions(db),
  },
  {
    service: 'webhook-dispatcher',
    database: 'pc_webhooks',
    options: (db) => webhookDispatcherDataSourceOptions(db),
  },
  { service: 'hosted-flow', database: 'pc_hosted_flow', options: hostedFlowDataSourceOptions },
];

/**
 * `npm run migrate [service…]`: creates each missing database and applies its pending migrations.
 * DATABASE_NAME overrides the default name only when a single service is named (a k8s Job).
 */
async function main(): Promise<void> {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((name) => !SERVICE_DATABASES.some((db) => db.service === name));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown service(s): ${unknown.join(', ')}. Known: ${SERVICE_DATABASES.map((db) => db.service).join(', ')}`,
    );
  }
  const selected = requested.length
    ? SERVICE_DATABASES.filter((db) => requested.includes(db.service))
    : SERVICE_DATABASES;
  for (const { service, database, options } of selected) {
    const env = loadEnv(DatabaseEnv, {
      DATABASE_NAME: database,
      ...process.env,
      ...(selected.length > 1 ? { DATABASE_NAME: database } : {}),
    });
    const config = databaseConfigOf(env);
    const applied = await migrate(config, options(config));
    console.log(
      `${service}: database ${config.database}, ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`,
    );
  }
}

main().catch((error: Error) => {
  console.error(`Migration failed: ${error.message}`);
  process.exit(1);
});
