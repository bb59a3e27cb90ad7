import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@pc/contracts';
import { OUTBOX_NOTIFY_CHANNEL } from '../messaging.options';

/**
 * Writes domain events to the outbox in the caller's transaction, so they exist if and only if the
 * state change commits. The NOTIFY is delivered by PostgreSQL on commit only and wakes the relay.
 */
@Injectable()
export class OutboxPublisher {
  async publish(manager: EntityManager, events: DomainEvent | DomainEvent[]): Promise<void> {
    const batch = Array.isArray(events) ? events : [events];
    if (batch.length === 0) return;
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(
        'OutboxPublisher.publish needs the EntityManager of an open transaction ' +
          '(dataSource.transaction(manager => ...)), so events commit or roll back with the state change',
      );
    }
    // Routing key = event type: consumers bind their queues by event type (or a topic pattern of it).
    // One round trip: the insert and the notification (delivered on commit) in one statement.
    await manager.query(
      `WITH inserted AS (
         INSERT INTO outbox_events (id, type, routing_key, payload)
         SELECT e->>'id', e->>'type', e->>'type', e FROM jsonb_array_elements($1::jsonb) AS e
         RETURNING 1
       )
       SELECT pg_notify($2, '') FROM (SELECT count(*) FROM inserted) AS written`,
      [JSON.stringify(batch), OUTBOX_NOTIFY_CHANNEL],
    );
  }
}
