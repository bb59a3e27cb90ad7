import { Client } from 'pg';
import type { DatabaseConfig } from './database-config';

const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Creates the service's database when missing. Safe to run concurrently and repeatedly. */
export async function ensureDatabase(db: DatabaseConfig): Promise<boolean> {
  const client = new Client({
    host: db.host,
    port: db.port,
    user: db.user,
    password: db.password,
    database: 'postgres',
  });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      db.database,
    ]);
    if (existing.rowCount) return false;
    await client.query(`CREATE DATABASE ${quoteIdentifier(db.database)}`);
    return true;
  } catch (error) {
    // Another process created it between our check and our CREATE.
    const code = (error as { code?: string }).code;
    if (code === DUPLICATE_DATABASE || code === UNIQUE_VIOLATION) return false;
    throw error;
  } finally {
    await client.end();
  }
}

/** Drops a database, ending its connections first. Used by tests to clean up after themselves. */
export async function dropDatabase(db: DatabaseConfig): Promise<void> {
  const client = new Client({
    host: db.host,
    port: db.port,
    user: db.user,
    password: db.password,
    database: 'postgres',
  });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(db.database)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
