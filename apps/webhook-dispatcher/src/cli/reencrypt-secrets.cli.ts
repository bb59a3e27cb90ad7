import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { databaseConfigOf, loadEnv } from '@pc/http';
import { WebhookDispatcherEnv } from '../config/webhook-dispatcher.env';
import { SecretCipher } from '../endpoints/secret-cipher';
import { reencryptSecrets } from '../endpoints/secret-reencryption';
import { webhookDispatcherDataSourceOptions } from '../webhook-dispatcher.datasource';

/**
 * `npm run reencrypt-webhook-secrets`, with the dispatcher's configuration: the new key in
 * WEBHOOK_SECRET_ENCRYPTION_KEY, the old one(s) in WEBHOOK_SECRET_PREVIOUS_ENCRYPTION_KEYS.
 * Prints `{reencrypted, alreadyCurrent}`; afterwards the previous keys can be removed.
 */
async function main(): Promise<void> {
  const env = loadEnv(WebhookDispatcherEnv);
  const cipher = SecretCipher.fromConfig(
    env.WEBHOOK_SECRET_ENCRYPTION_KEY,
    env.WEBHOOK_SECRET_PREVIOUS_ENCRYPTION_KEYS,
  );
  const dataSource = new DataSource({
    ...webhookDispatcherDataSourceOptions(databaseConfigOf(env)),
    extra: { max: 2 },
  });
  await dataSource.initialize();
  try {
    process.stdout.write(`${JSON.stringify(await reencryptSecrets(dataSource, cipher))}\n`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: Error) => {
  process.stderr.write(`reencrypt-webhook-secrets: ${error.message}\n`);
  process.exitCode = 1;
});
