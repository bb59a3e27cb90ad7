import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { PeriodicJob } from '@pc/persistence';
import type { DeliveryQueue } from './delivery-queue';
import type { DispatchMetrics } from './dispatch.metrics';

const SWEEP_BATCH = 1000;

/*
 * Pending deliveries overdue by more than the grace period: their ticket was lost (a crash, a
 * dead-letter the broker dropped, an endpoint too busy to queue it) or their attempt's lease ran out.
 * Each is made due again and gets a fresh ticket; SKIP LOCKED lets several dispatchers sweep at once.
 * (Wrapped in a SELECT: TypeORM returns `[rows, count]` for a top-level UPDATE, plain rows for a SELECT.)
 */
const SWEEP_SQL = `
WITH changed AS (
  UPDATE webhook_deliveries d
     SET next_attempt_at = now(), claimed_attempt = NULL
    FROM (SELECT id FROM webhook_deliveries
           WHERE status = 'pending' AND next_attempt_at < now() - $1::int * interval '1 millisecond'
           ORDER BY next_attempt_at
           LIMIT $2
           FOR UPDATE SKIP LOCKED) overdue
   WHERE d.id = overdue.id
  RETURNING d.id, d.endpoint_id, d.attempts_made + 1 AS attempt_number
)
SELECT * FROM changed`;

/** Re-enqueues late deliveries, so a lost message makes a delivery late, never lost. */
export class DeliverySweeper {
  private readonly logger = new Logger(DeliverySweeper.name);
  private readonly job: PeriodicJob;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueue,
    private readonly metrics: DispatchMetrics,
    private readonly options: { intervalMs: number; graceMs: number },
  ) {
    this.job = new PeriodicJob('sweep', () => this.sweep(), this.logger, {
      intervalMs: options.intervalMs,
    });
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One pass; returns how many deliveries were re-enqueued. */
  async sweep(): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const rows: Array<{ id: string; endpoint_id: string; attempt_number: number }> =
          await this.dataSource.query(SWEEP_SQL, [this.options.graceMs, SWEEP_BATCH]);
        if (rows.length === 0) break;
        await this.queue.enqueue(
          rows.map((row) => ({
            deliveryId: row.id,
            endpointId: row.endpoint_id,
            attemptNumber: row.attempt_number,
          })),
        );
        total += rows.length;
        if (rows.length < SWEEP_BATCH) break;
      }
    } catch (error) {
      this.logger.warn(`sweep failed, next pass retries: ${(error as Error).message}`);
    }
    if (total > 0) {
      this.metrics.requeued.inc(total);
      this.logger.log(`re-enqueued ${total} overdue deliveries`);
    }
    return total;
  }
}
