import { Logger } from '@nestjs/common';
import { FAILURE_ALERT_THRESHOLD } from '../endpoints/webhook-endpoint.entity';
import type { SecretCipher } from '../endpoints/secret-cipher';
import type {
  AttemptLedger,
  AttemptRecord,
  ClaimResult,
  ClaimedAttempt,
  EndpointChange,
  RecordedBatch,
} from './attempt-ledger';
import type { AttemptResult, AttemptSender } from './attempt-sender';
import { Batcher, retryOnConflict } from './batcher';
import { DispatchMetrics } from './dispatch.metrics';
import type { DeliveryQueue } from './delivery-queue';
import type { DeliveryTicket } from './delivery-ticket';
import { EndpointGate } from './endpoint-gate';
import type { RetrySchedule } from './retry-schedule';

const SECRET_CACHE_LIMIT = 10_000;

interface RecordOutcome {
  applied: boolean;
  createdAt: Date | null;
}

/**
 * Runs attempts: takes tickets off the delivery queue, claims them in PostgreSQL (a batch per
 * statement), POSTs, records results (a batch per statement) and schedules retries. PostgreSQL is the
 * source of truth: a ticket is acknowledged as soon as it is admitted, and whatever this process
 * loses (crash, endpoint saturated) the sweeper re-enqueues from the deliveries table.
 */
export class DeliveryDispatcher {
  private readonly logger = new Logger(DeliveryDispatcher.name);
  private readonly gate: EndpointGate;
  private readonly claims: Batcher<DeliveryTicket, ClaimResult>;
  private readonly records: Batcher<AttemptRecord, RecordOutcome>;
  private readonly secrets = new Map<string, string>();
  /** Tickets held unacknowledged while the process is at its in-flight limit (broker backpressure). */
  private readonly held: Array<[DeliveryTicket, () => void]> = [];
  private readonly work = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly ledger: AttemptLedger,
    private readonly sender: AttemptSender,
    private readonly queue: DeliveryQueue,
    private readonly cipher: SecretCipher,
    private readonly schedule: RetrySchedule,
    private readonly metrics: DispatchMetrics,
    private readonly limits: {
      endpointConcurrency: number;
      endpointBacklog: number;
      maxInFlight: number;
    },
  ) {
    this.gate = new EndpointGate(limits.endpointConcurrency, limits.endpointBacklog);
    this.claims = new Batcher((tickets) => retryOnConflict(() => ledger.claim(tickets)));
    this.records = new Batcher((batch) => retryOnConflict(() => this.recordBatch(batch)));
  }

  async start(): Promise<void> {
    await this.queue.consume((ticket, ack) => this.onTicket(ticket, ack));
  }

  /** Stops taking tickets and waits (bounded) for attempts in flight to be recorded. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    await this.queue.stopConsuming();
    const drained = Promise.allSettled([...this.work]);
    await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }

  get inFlight(): number {
    return this.gate.size;
  }

  private onTicket(ticket: DeliveryTicket, ack: () => void): void {
    if (this.stopped) return;
    if (this.gate.size >= this.limits.maxInFlight) {
      this.held.push([ticket, ack]);
      return;
    }
    this.admit(ticket, ack);
  }

  private admit(ticket: DeliveryTicket, ack: () => void): void {
    const admission = this.gate.admit(ticket.endpointId, () => this.track(this.attempt(ticket)));
    ack();
    if (admission === 'rejected') this.metrics.deferred.inc();
  }

  private track(promise: Promise<void>): Promise<void> {
    this.work.add(promise);
    return promise.finally(() => {
      this.work.delete(promise);
      this.releaseHeld();
    });
  }

  private releaseHeld(): void {
    while (this.held.length > 0 && this.gate.size < this.limits.maxInFlight) {
      const [ticket, ack] = this.held.shift()!;
      this.admit(ticket, ack);
    }
  }

  /** Claim and send under the endpoint's slot; recording happens after the slot is free again. */
  private async attempt(ticket: DeliveryTicket): Promise<void> {
    // Queued behind its endpoint when shutdown began: left pending, the sweeper of a live process takes it.
    if (this.stopped) return;
    try {
      const claim = await this.claims.submit(ticket);
      if (claim.kind === 'skipped') this.metrics.outcomes.inc({ status: 'skipped' });
      if (claim.kind !== 'claimed') return;
      const result = await this.sender.send({
        url: claim.attempt.url,
        webhookId: claim.attempt.eventId,
        body: claim.attempt.body,
        secrets: this.secretsOf(claim.attempt),
      });
      this.track(this.finish(claim.attempt, result));
    } catch (error) {
      // The delivery stays pending in PostgreSQL: the sweeper retries it after the grace period.
      this.logger.error(
        `attempt ${ticket.attemptNumber} of delivery ${ticket.deliveryId} not made: ${(error as Error).message}`,
      );
    }
  }

  private async finish(attempt: ClaimedAttempt, result: AttemptResult): Promise<void> {
    const position = this.schedule.positionOf(attempt.attemptNumber, attempt.cycleStart);
    const retryDelayMs = result.success ? null : this.schedule.delayAfterFailure(position);
    const kind = result.success ? 'success' : retryDelayMs === null ? 'final' : 'retry';
    this.observeAttempt(result);
    let recorded: RecordOutcome;
    try {
      recorded = await this.records.submit({
        deliveryId: attempt.deliveryId,
        attemptNumber: attempt.attemptNumber,
        kind,
        retryDelayMs,
        startedAt: result.startedAt,
        durationMs: result.durationMs,
        statusCode: result.statusCode,
        errorClass: result.errorClass,
        responseExcerpt: result.responseExcerpt,
      });
    } catch (error) {
      // Unrecorded: the lease runs out and the sweeper makes this attempt again (at-least-once).
      this.logger.error(
        `result of delivery ${attempt.deliveryId} attempt ${attempt.attemptNumber} not recorded: ${(error as Error).message}`,
      );
      return;
    }
    if (!recorded.applied) return;
    if (kind === 'success') {
      this.metrics.outcomes.inc({ status: 'succeeded' });
      if (recorded.createdAt)
        this.metrics.deliveryLatency.observe((Date.now() - recorded.createdAt.getTime()) / 1000);
    } else if (kind === 'final') {
      this.metrics.outcomes.inc({ status: 'failed' });
    } else {
      const next = {
        deliveryId: attempt.deliveryId,
        endpointId: attempt.endpointId,
        attemptNumber: attempt.attemptNumber + 1,
      };
      // The retry is due in PostgreSQL already: a ticket that is not published only delays it.
      await this.queue
        .scheduleRetry(next, retryDelayMs ?? 0)
        .catch((error: Error) =>
          this.logger.warn(
            `retry of delivery ${attempt.deliveryId} recorded but its ticket not published, the sweeper will: ${error.message}`,
          ),
        );
    }
  }

  private observeAttempt(result: AttemptResult): void {
    this.metrics.attempts.inc({
      result: DispatchMetrics.resultLabel(result.statusCode, result.errorClass),
    });
    this.metrics.attemptDuration.observe(
      { outcome: result.success ? 'success' : 'failure' },
      result.durationMs / 1000,
    );
  }

  private async recordBatch(batch: AttemptRecord[]): Promise<RecordOutcome[]> {
    const recorded: RecordedBatch = await this.ledger.record(batch);
    for (const change of recorded.endpoints) this.reportEndpoint(change);
    return recorded.applied.map((applied, index) => ({
      applied,
      createdAt: recorded.createdAt[index],
    }));
  }

  private reportEndpoint(change: EndpointChange): void {
    const before = change.reset ? 0 : change.failureCount - change.failuresAdded;
    if (before <= FAILURE_ALERT_THRESHOLD && change.failureCount > FAILURE_ALERT_THRESHOLD) {
      this.metrics.failureAlerts.inc();
      this.logger.warn(
        {
          endpoint_id: change.endpointId,
          partner_id: change.partnerId,
          failure_count: change.failureCount,
        },
        `webhook endpoint ${change.endpointId} has ${change.failureCount} consecutive failed deliveries`,
      );
    }
    if (change.disabledNow) {
      this.metrics.disabled.inc();
      this.logger.warn(
        {
          endpoint_id: change.endpointId,
          partner_id: change.partnerId,
          failure_count: change.failureCount,
        },
        `webhook endpoint ${change.endpointId} disabled after ${change.failureCount} consecutive failed deliveries`,
      );
    }
  }

  private secretsOf(attempt: ClaimedAttempt): string[] {
    const current = this.decrypt(attempt.secretCiphertext, attempt.endpointId);
    return attempt.previousSecretCiphertext
      ? [current, this.decrypt(attempt.previousSecretCiphertext, attempt.endpointId)]
      : [current];
  }

  private decrypt(ciphertext: string, endpointId: string): string {
    const cached = this.secrets.get(ciphertext);
    if (cached !== undefined) return cached;
    if (this.secrets.size >= SECRET_CACHE_LIMIT) this.secrets.clear();
    const secret = this.cipher.decrypt(ciphertext, endpointId);
    this.secrets.set(ciphertext, secret);
    return secret;
  }
}
