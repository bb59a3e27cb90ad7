import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { toPublicEnvelope, type DomainEvent } from '@pc/contracts';
import { DeliveryPipeline } from '../dispatch/delivery-pipeline';
import { AfterCommit } from './after-commit';

/*
 * One delivery per endpoint of the event's partner subscribed to its type (or to `*`), in one
 * statement. An inactive endpoint's delivery is recorded as skipped (recoverable), never sent.
 * The unique (endpoint, event) key makes a second fan-out of the same event a no-op.
 */
const FAN_OUT_SQL = `
INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body, status, next_attempt_at, completed_at)
SELECT e.id, $1, $2, $3,
       CASE WHEN e.is_active THEN 'pending' ELSE 'skipped' END,
       CASE WHEN e.is_active THEN now() END,
       CASE WHEN e.is_active THEN NULL ELSE now() END
  FROM webhook_endpoints e
 WHERE e.partner_id = $4 AND ($2 = ANY (e.events) OR '*' = ANY (e.events))
ON CONFLICT (endpoint_id, event_id) DO NOTHING
RETURNING id, endpoint_id, status`;

const TARGETED_SQL = `
INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, body, status, next_attempt_at)
VALUES ($1, $2, $3, $4, 'pending', now())
RETURNING id, endpoint_id, status`;

interface InsertedDelivery {
  id: string;
  endpoint_id: string;
  status: string;
}

/** Turns an event into deliveries inside the caller's transaction; first attempts start after commit. */
@Injectable()
export class FanOutEvent {
  constructor(
    private readonly pipeline: DeliveryPipeline,
    private readonly afterCommit: AfterCommit,
  ) {}

  /** Every subscribed endpoint of the event's owner. */
  async execute(event: DomainEvent, manager: EntityManager): Promise<number> {
    const body = JSON.stringify(toPublicEnvelope(event));
    const rows: InsertedDelivery[] = await manager.query(FAN_OUT_SQL, [
      event.id,
      event.type,
      body,
      event.owner.partner_id,
    ]);
    this.startAfterCommit(manager, rows);
    return rows.length;
  }

  /** One named endpoint, whatever it subscribes to (the test delivery). Returns the delivery id. */
  async toEndpoint(
    event: DomainEvent,
    endpointId: string,
    manager: EntityManager,
  ): Promise<string> {
    const body = JSON.stringify(toPublicEnvelope(event));
    const rows: InsertedDelivery[] = await manager.query(TARGETED_SQL, [
      endpointId,
      event.id,
      event.type,
      body,
    ]);
    this.startAfterCommit(manager, rows);
    return rows[0].id;
  }

  private startAfterCommit(manager: EntityManager, rows: InsertedDelivery[]): void {
    const tickets = rows
      .filter((row) => row.status === 'pending')
      .map((row) => ({ deliveryId: row.id, endpointId: row.endpoint_id, attemptNumber: 1 }));
    if (tickets.length > 0) this.afterCommit.run(manager, () => this.pipeline.enqueue(tickets));
  }
}
