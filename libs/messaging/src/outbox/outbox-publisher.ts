import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@pc/contracts';
import type { Queryable } from '@pc/persistence';
import { OUTBOX_NOTIFY_CHANNEL } from '../messaging.options';

/** One parameterised data-modifying statement with a RETURNING clause ($1…$n in `params`). */
export interface ChangeStatement {
  sql: string;
  params: unknown[];
}

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

  /**
   * Runs `change` and writes `events` in the same single statement, written only if the change
   * returned a row, and returns the change's rows. One statement is atomic on its own, so a
   * single-row change needs neither a transaction nor its BEGIN/COMMIT round trips.
   */
  async publishWithChange<T>(
    queryable: Queryable,
    change: ChangeStatement,
    events: DomainEvent[],
  ): Promise<T[]> {
    const eventsParam = change.params.length + 1;
    return queryable.query<T[]>(
      `WITH changed AS (${change.sql}),
       inserted AS (
         INSERT INTO outbox_events (id, type, routing_key, payload)
         SELECT e->>'id', e->>'type', e->>'type', e FROM jsonb_array_elements($${eventsParam}::jsonb) AS e
         WHERE EXISTS (SELECT 1 FROM changed)
         RETURNING 1
       )
       SELECT changed.* FROM changed
       CROSS JOIN (SELECT count(*) FROM (SELECT pg_notify($${eventsParam + 1}, '') FROM inserted LIMIT 1) AS n) AS notified`,
      [...change.params, JSON.stringify(events), OUTBOX_NOTIFY_CHANNEL],
    );
  }
}
