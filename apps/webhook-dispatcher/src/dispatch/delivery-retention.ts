import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { PeriodicJob } from '@pc/persistence';

const PURGE_CHUNK = 5000;

export interface RetentionSettings {
  /** Finished deliveries (and their attempts) older than this are deleted. */
  deliveryRetentionMs: number;
  intervalMs: number;
}

/**
 * Keeps the deliveries bounded: finished ones past the retention period go, with their attempts
 * (the consumer trims its own inbox). Pending deliveries are never touched, however old. Every replica may run it: each statement deletes a bounded chunk, and a row two
 * replicas both pick is simply deleted once.
 */
export class DeliveryRetention {
  private readonly logger = new Logger(DeliveryRetention.name);
  private readonly job: PeriodicJob;

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: RetentionSettings,
  ) {
    this.job = new PeriodicJob('retention purge', () => this.purge(), this.logger, {
      intervalMs: settings.intervalMs,
      runAtStart: true,
    });
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One pass; returns how many deliveries it deleted. */
  async purge(): Promise<number> {
    const purged = await this.purgeDeliveries();
    if (purged > 0) this.logger.log(`deleted ${purged} finished deliveries past retention`);
    return purged;
  }

  private async purgeDeliveries(): Promise<number> {
    let total = 0;
    for (;;) {
      // Attempts go with their delivery (ON DELETE CASCADE). Counted in a SELECT: TypeORM
      // returns `[rows, count]` for a top-level DELETE.
      const [{ deleted }]: Array<{ deleted: number }> = await this.dataSource.query(
        `WITH removed AS (
           DELETE FROM webhook_deliveries WHERE id IN (
             SELECT id FROM webhook_deliveries
             WHERE status <> 'pending' AND completed_at < now() - $1::bigint * interval '1 millisecond'
             LIMIT $2)
           RETURNING 1
         )
         SELECT count(*)::int AS deleted FROM removed`,
        [this.settings.deliveryRetentionMs, PURGE_CHUNK],
      );
      total += deleted;
      if (deleted < PURGE_CHUNK) return total;
    }
  }
}
