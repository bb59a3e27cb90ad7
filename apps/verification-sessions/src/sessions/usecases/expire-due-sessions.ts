import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OutboxPublisher } from '@pc/messaging';
import { sessionEvent } from '../session-events';
import { SessionsRepository } from '../sessions.repository';

/**
 * One sweep: claims up to `limit` sessions past their TTL (skipping rows other sweepers or
 * transitions hold), expires them and writes their events, all in one transaction.
 */
@Injectable()
export class ExpireDueSessions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  /** Returns how many sessions it expired. */
  execute(limit: number, now: Date = new Date()): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const due = await this.sessions.claimDue(manager, now, limit);
      if (due.length === 0) return 0;
      const events = due.flatMap((session) =>
        session.expire('ttl', now).map((type) => sessionEvent(session, type, now)),
      );
      await this.sessions.saveExpired(manager, due, now);
      await this.outbox.publish(manager, events);
      return due.length;
    });
  }
}
