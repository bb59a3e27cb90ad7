import type { DataSource } from 'typeorm';

const PURGE_CHUNK = 5000;

/**
 * Deletes a consumer's inbox rows older than `olderThanMs`, a bounded chunk per statement; returns
 * how many. An inbox row only has to outlive any redelivery of its event (minutes for the broker,
 * seconds for an outbox relay), so a retention of days is generous.
 */
export async function purgeInbox(
  dataSource: DataSource,
  consumer: string,
  olderThanMs: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    // Counted in a SELECT: TypeORM returns `[rows, count]` for a top-level DELETE.
    const [{ deleted }]: Array<{ deleted: number }> = await dataSource.query(
      `WITH old AS (
         SELECT event_id FROM inbox_events
         WHERE consumer = $1 AND processed_at < now() - $2::bigint * interval '1 millisecond'
         LIMIT $3
       ), removed AS (
         DELETE FROM inbox_events i USING old
         WHERE i.consumer = $1 AND i.event_id = old.event_id
         RETURNING 1
       )
       SELECT count(*)::int AS deleted FROM removed`,
      [consumer, olderThanMs, PURGE_CHUNK],
    );
    total += deleted;
    if (deleted < PURGE_CHUNK) return total;
  }
}
