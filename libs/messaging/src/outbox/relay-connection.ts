import { Client, type ClientConfig, type QueryResult } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions';

export interface OutboxRow {
  id: string;
  type: string;
  routing_key: string;
  body: string;
}

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
 * A lane's own PostgreSQL connection, opened on first use and dropped after any error (which also
 * ends its open transaction) so the next batch starts on a fresh one.
 */
export class RelayConnection {
  private client: Client | null = null;

  constructor(private readonly config: ClientConfig) {}

  /**
   * Opens a transaction and takes up to `limit` rows in it, oldest first: deleted, and locked until
   * the transaction ends, so a rollback puts them back and no other lane or relay can take them.
   */
  async claim(limit: number): Promise<OutboxRow[]> {
    // BEGIN and the claim travel as one simple-protocol message, hence no parameters ($1): the
    // only value is the configured integer batch size.
    const results = (await this.run(
      `BEGIN;
       WITH claimed AS (
         SELECT id FROM outbox_events
         ORDER BY created_at, id LIMIT ${Math.trunc(limit)} FOR UPDATE SKIP LOCKED
       ), taken AS (
         DELETE FROM outbox_events AS o USING claimed WHERE o.id = claimed.id
         RETURNING o.id, o.type, o.routing_key, o.payload::text AS body, o.created_at
       )
       SELECT id, type, routing_key, body FROM taken ORDER BY created_at, id`,
    )) as unknown as QueryResult<OutboxRow>[];
    return results[1].rows;
  }

  async finish(command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    await this.run(command);
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async run(sql: string): Promise<unknown> {
    try {
      this.client ??= await this.connect();
      return await this.client.query(sql);
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  private async connect(): Promise<Client> {
    const client = new Client(this.config);
    // A dropped connection surfaces as the next query's error; this only keeps it from crashing the process.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }
}
