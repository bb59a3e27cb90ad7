import { Client } from 'pg';
import { connect } from 'amqplib';
import { testInfrastructure } from './infrastructure';

/** Fails the integration run at once, with the fix, when PostgreSQL or RabbitMQ is not reachable. */
export default async function globalSetup(): Promise<void> {
  const pg = new Client({ ...testInfrastructure.postgres, database: 'postgres' });
  try {
    await pg.connect();
    await pg.query('SELECT 1');
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${testInfrastructure.postgres.host}:${testInfrastructure.postgres.port} ` +
        `(${(error as Error).message}). Start it (see README, "Local services") and run the tests again.`,
      { cause: error },
    );
  } finally {
    await pg.end().catch(() => undefined);
  }
  try {
    const connection = await connect(testInfrastructure.rabbitUrl);
    await connection.close();
  } catch (error) {
    throw new Error(
      `RabbitMQ is not reachable at ${testInfrastructure.rabbitUrl.replace(/\/\/[^@]*@/, '//')} ` +
        `(${(error as Error).message}). Start it (see README, "Local services") and run the tests again.`,
      { cause: error },
    );
  }
}
