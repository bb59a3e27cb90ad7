import { connect, type ChannelModel } from 'amqplib';
import { DataSource } from 'typeorm';
import { createEvent, type DomainEvent } from '@pc/contracts';
import { postgresDataSourceOptions, type DatabaseConfig } from '@pc/persistence';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import { MESSAGING_MIGRATIONS } from '../src';

export function messagingDataSourceOptions(config: DatabaseConfig) {
  return postgresDataSourceOptions(config, {
    entities: [],
    migrations: MESSAGING_MIGRATIONS,
  });
}

/** A fresh database with the messaging migration applied, and an open DataSource on it. */
export async function messagingDatabase(
  prefix: string,
): Promise<{ db: TestDatabase; dataSource: DataSource }> {
  const db = await createTestDatabase(prefix, (config) =>
    messagingDataSourceOptions({ ...config, poolSize: 20 }),
  );
  const dataSource = new DataSource(messagingDataSourceOptions(db.config));
  await dataSource.initialize();
  return { db, dataSource };
}

export function sampleEvent(type = 'verification.completed', partnerId = 'prt_test'): DomainEvent {
  return createEvent(type, { verification_session_id: 'vs_1' }, { partner_id: partnerId });
}

/** Polls `check` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  stepMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(stepMs);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Deletes test queues and the exchange; missing ones are fine. */
export async function deleteBrokerObjects(
  url: string,
  queues: string[],
  exchanges: string[],
): Promise<void> {
  const connection: ChannelModel = await connect(url);
  try {
    for (const queue of queues) {
      const channel = await connection.createChannel();
      await channel.deleteQueue(queue).catch(() => undefined);
      await channel.close().catch(() => undefined);
    }
    for (const exchange of exchanges) {
      const channel = await connection.createChannel();
      await channel.deleteExchange(exchange).catch(() => undefined);
      await channel.close().catch(() => undefined);
    }
  } finally {
    await connection.close();
  }
}
