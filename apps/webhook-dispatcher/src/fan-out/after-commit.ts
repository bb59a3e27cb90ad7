import { Injectable, Logger } from '@nestjs/common';
import {
  DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type QueryRunner,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';

/**
 * Runs callbacks once the transaction of an EntityManager has committed (and drops them on rollback):
 * a delivery's ticket is published only when its row is visible, so its first attempt never races
 * the commit.
 */
@Injectable()
export class AfterCommit implements EntitySubscriberInterface {
  private readonly logger = new Logger(AfterCommit.name);
  private readonly pending = new WeakMap<QueryRunner, Array<() => void>>();

  constructor(dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  run(manager: EntityManager, callback: () => void): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive)
      throw new Error('AfterCommit.run needs the EntityManager of an open transaction');
    const callbacks = this.pending.get(runner) ?? [];
    callbacks.push(callback);
    this.pending.set(runner, callbacks);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const runner = event.queryRunner;
    // A released savepoint also reports a commit; wait for the outermost one.
    if (runner.isTransactionActive) return;
    const callbacks = this.pending.get(runner);
    this.pending.delete(runner);
    for (const callback of callbacks ?? []) {
      try {
        callback();
      } catch (error) {
        this.logger.error(`after-commit callback failed: ${(error as Error).message}`);
      }
    }
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) this.pending.delete(event.queryRunner);
  }
}
