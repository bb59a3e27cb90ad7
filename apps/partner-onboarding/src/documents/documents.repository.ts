import { isUUID } from 'class-validator';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface DocumentRow {
  id: string;
  document_type: string;
  subject: string | null;
  required_for: string | null;
  status: 'required' | 'uploaded';
  filename: string | null;
  format: string | null;
  size_bytes: number | null;
}

export interface StoredContent {
  filename: string;
  format: string;
  sizeBytes: number;
  sha256: string;
  storageKey: string;
}

@Injectable()
export class DocumentsRepository {
  async findOnOnboarding(
    manager: EntityManager,
    onboardingId: string,
    id: string,
  ): Promise<DocumentRow | null> {
    if (!isUUID(id, 'loose')) return null;
    const rows: DocumentRow[] = await manager.query(
      `SELECT * FROM documents WHERE onboarding_id = $1 AND id = $2`,
      [onboardingId, id],
    );
    return rows[0] ?? null;
  }

  async insertUploaded(
    manager: EntityManager,
    onboardingId: string,
    id: string,
    type: { documentType: string; subject: string },
    content: StoredContent,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO documents (id, onboarding_id, document_type, subject, status, filename, format, size_bytes, sha256,
         storage_key, uploaded_at)
       VALUES ($1, $2, $3, $4, 'uploaded', $5, $6, $7, $8, $9, now())`,
      [
        id,
        onboardingId,
        type.documentType,
        type.subject,
        content.filename,
        content.format,
        content.sizeBytes,
        content.sha256,
        content.storageKey,
      ],
    );
  }

  /** Fills (or replaces the content of) a required document. */
  async fill(manager: EntityManager, id: string, content: StoredContent): Promise<void> {
    await manager.query(
      `UPDATE documents SET status = 'uploaded', filename = $2, format = $3, size_bytes = $4, sha256 = $5,
         storage_key = $6, uploaded_at = now()
       WHERE id = $1`,
      [id, content.filename, content.format, content.sizeBytes, content.sha256, content.storageKey],
    );
  }

  /**
   * Makes the required regulated-activity documents exactly those of `activities` (PKD codes): new
   * ones are added, ones no longer required are dropped unless already uploaded.
   */
  async requireForActivities(
    manager: EntityManager,
    onboardingId: string,
    activities: Array<{ pkd: string; documentType: string }>,
  ): Promise<void> {
    await manager.query(
      `DELETE FROM documents WHERE onboarding_id = $1 AND required_for IS NOT NULL AND status = 'required'
         AND NOT (required_for = ANY($2::text[]))`,
      [onboardingId, activities.map((activity) => activity.pkd)],
    );
    for (const activity of activities) {
      await manager.query(
        `INSERT INTO documents (id, onboarding_id, document_type, required_for, status)
         VALUES (gen_random_uuid(), $1, $2, $3, 'required')
         ON CONFLICT (onboarding_id, required_for) WHERE required_for IS NOT NULL DO NOTHING`,
        [onboardingId, activity.documentType, activity.pkd],
      );
    }
  }

  async listRequired(manager: EntityManager, onboardingId: string): Promise<DocumentRow[]> {
    return manager.query(
      `SELECT * FROM documents WHERE onboarding_id = $1 AND required_for IS NOT NULL ORDER BY required_for`,
      [onboardingId],
    );
  }
}
