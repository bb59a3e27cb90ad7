import { Injectable } from '@nestjs/common';
import type { VerificationEventType } from '@pc/contracts';
import { sessionEvent } from '../session-events';
import { sessionFinished, sessionNotFound, toProblem } from '../session-problems';
import { SessionRuleViolation } from '../session-rule-violation';
import { SessionsRepository } from '../sessions.repository';
import type { VerificationSession } from '../verification-session.entity';

export type SessionChange = (session: VerificationSession, now: Date) => VerificationEventType[];

/**
 * Runs one change of one session: read it, apply the entity's rule, then store the new state and
 * its events in one statement that only succeeds if the session is still as it was read. DELETE,
 * TTL expiry and provider results racing on a session therefore serialise: the loser re-reads,
 * and the rule now sees the winner's state (a finished session refuses), so only one of them can
 * finish it and only one terminal event is ever written. Each lost race follows a real change of
 * the session, and a session changes at most once per step plus once to finish, so retries end.
 */
@Injectable()
export class SessionTransitions {
  constructor(private readonly sessions: SessionsRepository) {}

  async apply(partnerId: string, id: string, change: SessionChange): Promise<VerificationSession> {
    for (;;) {
      const session = await this.sessions.find(partnerId, id);
      if (!session) throw sessionNotFound();
      const read = this.sessions.versionOf(session);
      const now = new Date();
      // The sweeper may not have reached it yet: a session past its TTL expires before anything else.
      const expiredFirst = session.isDue(now);
      let types: VerificationEventType[];
      try {
        types = expiredFirst ? session.expire('ttl', now) : change(session, now);
      } catch (error) {
        if (error instanceof SessionRuleViolation) throw toProblem(error, session.status);
        throw error;
      }
      const events = types.map((type) => sessionEvent(session, type, now));
      if (!(await this.sessions.saveIfUnchanged(session, read, events))) continue;
      if (expiredFirst) throw sessionFinished(session.status);
      return session;
    }
  }
}
