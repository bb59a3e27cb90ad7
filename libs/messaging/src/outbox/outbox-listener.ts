import type { Logger } from '@nestjs/common';
import { Client, type ClientConfig } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions';
import { backoffDelay, WakeSignal } from './backoff';

/** Connection settings for a dedicated client of the relay, taken from the app's own DataSource. */
export function dedicatedClientConfig(
  dataSource: DataSource,
  applicationName: string,
): ClientConfig {
  const options = dataSource.options as PostgresDataSourceOptions;
  if (options.type !== 'postgres') throw new Error('the outbox needs a PostgreSQL DataSource');
  return {
    connectionString: options.url,
    host: options.host,
    port: options.port,
    user: options.username,
    password: options.password,
    database: options.database,
    ssl: options.ssl as ClientConfig['ssl'],
    keepAlive: true,
    application_name: applicationName,
  };
}

/**
 * Keeps one dedicated connection LISTENing on the outbox channel and calls `onNotify` for every
 * notification. The connection is re-opened after it drops; every (re)connect also calls `onNotify`,
 * because notifications sent while nobody listened are lost.
 */
export class OutboxNotificationListener {
  private stopped = false;
  private client: Client | null = null;
  private readonly retry = new WakeSignal();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly config: ClientConfig,
    private readonly channel: string,
    private readonly onNotify: () => void,
    private readonly logger: Logger,
    private readonly maxBackoffMs: number,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  isListening(): boolean {
    return this.client !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.retry.notify();
    await this.client?.end().catch(() => undefined);
    await this.loop;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      const client = new Client(this.config);
      const closed = new Promise<Error | undefined>((resolve) => {
        client.on('error', resolve);
        client.on('end', () => resolve(undefined));
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${this.channel}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        failures++;
        this.logger.warn(`outbox LISTEN connection failed: ${(error as Error).message}`);
        await this.retry.wait(backoffDelay(failures, 250, this.maxBackoffMs));
        continue;
      }
      failures = 0;
      this.client = client;
      client.on('notification', () => this.onNotify());
      this.onNotify();
      const error = await closed;
      this.client = null;
      client.removeAllListeners('notification');
      await client.end().catch(() => undefined);
      if (!this.stopped) {
        this.logger.warn(
          `outbox LISTEN connection lost (${error?.message ?? 'closed'}), reconnecting`,
        );
        await this.retry.wait(backoffDelay(1, 250, this.maxBackoffMs));
      }
    }
  }
}
