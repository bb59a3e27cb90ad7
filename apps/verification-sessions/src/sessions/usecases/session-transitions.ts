import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { VerificationEventType } from '@pc/contracts';
import { OutboxPublisher } from '@pc/messaging';
import { sessionEvent } from '../session-events';
import { sessionFinished, sessionNotFound, toProblem } from '../session-problems';
import { SessionRuleViolation } from '../session-rule-violation';
import { SessionsRepository } from '../sessions.repository';
import type { VerificationSession } from '../verification-session.entity';

export type SessionChange = (session: VerificationSession, now: Date) => VerificationEventType[];

type Outcome =
  | { kind: 'missing' }
  | { kind: 'expired_first'; session: VerificationSession }
  | { kind: 'changed'; session: VerificationSession };

/**
 * Runs one change of one session: row lock, the entity's rule, the new state and its events in one
 * transaction. The lock serialises DELETE, TTL expiry and provider results on a session, so only the
 * first of them can finish it and only one terminal event is ever written.
 */
@Injectable()
export class SessionTransitions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  async apply(partnerId: string, id: string, change: SessionChange): Promise<VerificationSession> {
    let current: VerificationSession | null = null;
    let outcome: Outcome;
    try {
      outcome = await this.dataSource.transaction(async (manager): Promise<Outcome> => {
        const session = await this.sessions.lock(manager, partnerId, id);
        if (!session) return { kind: 'missing' };
        current = session;
        const now = new Date();
        // The sweeper may not have reached it yet: a session past its TTL expires before anything else.
        if (session.isDue(now)) {
          await this.commit(manager, session, session.expire('ttl', now), now);
          return { kind: 'expired_first', session };
        }
        await this.commit(manager, session, change(session, now), now);
        return { kind: 'changed', session };
      });
    } catch (error) {
      const session = current as VerificationSession | null;
      if (error instanceof SessionRuleViolation && session) throw toProblem(error, session.status);
      throw error;
    }
    if (outcome.kind === 'missing') throw sessionNotFound();
    if (outcome.kind === 'expired_first') throw sessionFinished(outcome.session.status);
    return outcome.session;
  }

  private async commit(
    manager: EntityManager,
    session: VerificationSession,
    types: VerificationEventType[],
    now: Date,
  ): Promise<void> {
    await this.sessions.saveState(manager, session);
    await this.outbox.publish(
      manager,
      types.map((type) => sessionEvent(session, type, now)),
    );
  }
}
