import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DocumentStorage } from '../document-storage.port';

/** Default adapter: content as bytea in the service's own PostgreSQL (durable, backed up with the rest). */
@Injectable()
export class PostgresDocumentStorage extends DocumentStorage {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async put(content: Buffer): Promise<string> {
    const key = randomUUID();
    await this.dataSource.query(
      `INSERT INTO document_contents (storage_key, content) VALUES ($1, $2)`,
      [key, content],
    );
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    const rows: Array<{ content: Buffer }> = await this.dataSource.query(
      `SELECT content FROM document_contents WHERE storage_key = $1`,
      [key],
    );
    return rows[0]?.content ?? null;
  }
}
