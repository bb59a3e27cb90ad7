import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { DomainEvent } from '@pc/contracts';
import type { Queryable } from '@pc/persistence';

/** One parameterised data-modifying statement with a RETURNING clause ($1…$n in `params`). */
export interface ChangeStatement {
  sql: string;
  params: unknown[];
}

/**
 * Writes domain events to the outbox in the caller's transaction, so they exist if and only if the
 * state change commits, and tells this process's relay once they are committed (`onCommitted`).
 * The signal is in-process on purpose: a NOTIFY per transaction took PostgreSQL's global notify
 * lock at every commit (commits queued behind each other) and woke a listener per event. Rows a
 * process writes are relayed at once by its own relay; the relays' poll is the safety net for rows
 * a process left behind when it stopped.
 */
@Injectable()
export class OutboxPublisher {
  private readonly listeners = new Set<() => void>();
  /** Transactions that wrote outbox rows and have not committed yet. */
  private readonly pendingCommit = new WeakSet<QueryRunner>();
  private readonly watchedDataSources = new WeakSet<DataSource>();

  /** Calls `listener` whenever outbox rows of this process have been committed; returns the unsubscribe. */
  onCommitted(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publish(manager: EntityManager, events: DomainEvent | DomainEvent[]): Promise<void> {
    const batch = Array.isArray(events) ? events : [events];
    if (batch.length === 0) return;
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      throw new Error(
        'OutboxPublisher.publish needs the EntityManager of an open transaction ' +
          '(dataSource.transaction(manager => ...)), so events commit or roll back with the state change',
      );
    }
    // Routing key = event type: consumers bind their queues by event type (or a topic pattern of it).
    await manager.query(
      `INSERT INTO outbox_events (id, type, routing_key, payload)
       SELECT e->>'id', e->>'type', e->>'type', e FROM jsonb_array_elements($1::jsonb) AS e`,
      [JSON.stringify(batch)],
    );
    this.signalAfterCommit(manager.dataSource, runner);
  }

  /**
   * Runs `change` and writes `events` in the same single statement, written only if the change
   * returned a row, and returns the change's rows. One statement is atomic on its own, so a
   * single-row change needs neither a transaction nor its BEGIN/COMMIT round trips; given the
   * EntityManager of an open transaction, it joins it and the relay hears of it after the commit.
   */
  async publishWithChange<T>(
    queryable: Queryable,
    change: ChangeStatement,
    events: DomainEvent[],
  ): Promise<T[]> {
    const eventsParam = change.params.length + 1;
    const rows = await queryable.query<T[]>(
      `WITH changed AS (${change.sql}),
       inserted AS (
         INSERT INTO outbox_events (id, type, routing_key, payload)
         SELECT e->>'id', e->>'type', e->>'type', e FROM jsonb_array_elements($${eventsParam}::jsonb) AS e
         WHERE EXISTS (SELECT 1 FROM changed)
       )
       SELECT * FROM changed`,
      [...change.params, JSON.stringify(events)],
    );
    if (rows.length > 0 && events.length > 0) {
      const manager = queryable as Partial<EntityManager>;
      if (manager.queryRunner?.isTransactionActive && manager.dataSource) {
        this.signalAfterCommit(manager.dataSource, manager.queryRunner);
      } else {
        this.committed();
      }
    }
    return rows;
  }

  private signalAfterCommit(dataSource: DataSource, runner: QueryRunner): void {
    this.watchCommits(dataSource);
    this.pendingCommit.add(runner);
  }

  private committed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Signals after the outermost COMMIT of a transaction that wrote rows; forgets it on rollback. */
  private watchCommits(dataSource: DataSource): void {
    if (this.watchedDataSources.has(dataSource)) return;
    this.watchedDataSources.add(dataSource);
    dataSource.subscribers.push({
      afterTransactionCommit: ({ queryRunner }) => {
        // A released savepoint is not a commit: the outer transaction may still roll back.
        if (!queryRunner.isTransactionActive && this.pendingCommit.delete(queryRunner))
          this.committed();
      },
      afterTransactionRollback: ({ queryRunner }) => {
        if (!queryRunner.isTransactionActive) this.pendingCommit.delete(queryRunner);
      },
    });
  }
}
