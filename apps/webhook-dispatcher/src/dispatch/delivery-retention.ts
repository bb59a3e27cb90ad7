import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

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
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: RetentionSettings,
  ) {}

  /** Purges once now (a process restarted more often than the interval still purges), then periodically. */
  start(): void {
    const run = () => {
      this.running ??= this.purge().finally(() => (this.running = null));
    };
    run();
    this.timer = setInterval(run, this.settings.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass; returns how many deliveries it deleted. Failures are logged and left to the next pass. */
  async purge(): Promise<number> {
    let purged = 0;
    try {
      purged = await this.purgeDeliveries();
    } catch (error) {
      this.logger.warn(
        `retention purge failed, the next pass retries: ${(error as Error).message}`,
      );
    }
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
