import { Injectable } from '@nestjs/common';
import { decodeCursor, ProblemException, timestampAndUuid, toPage, type Page } from '@pc/http';
import type { ListSessionsQuery } from '../dto/list-sessions.query';
import type { SessionResultView, SessionView } from '../dto/session.response';
import { presentResult, presentSession } from '../session.presenter';
import { sessionNotFound } from '../session-problems';
import { SessionsRepository } from '../sessions.repository';

/** Polling, reconciliation and results: reads only, always within the caller's partner. */
@Injectable()
export class ReadSessions {
  constructor(private readonly sessions: SessionsRepository) {}

  async get(partnerId: string, id: string): Promise<SessionView> {
    const session = await this.sessions.find(partnerId, id);
    if (!session) throw sessionNotFound();
    return presentSession(session);
  }

  async list(partnerId: string, query: ListSessionsQuery): Promise<Page<SessionView>> {
    checkRange(query.created_from, query.created_to, 'created');
    checkRange(query.updated_from, query.updated_to, 'updated');
    const after = query.cursor ? decodeCursor(query.cursor, timestampAndUuid) : null;
    const rows = await this.sessions.page(partnerId, query, after, query.per_page + 1);
    return toPage(
      rows,
      query.per_page,
      (row) => ({ k: row.createdAt.toISOString(), id: row.id }),
      presentSession,
    );
  }

  /** 409 result_not_available until the session is completed or failed (an expired one never has one). */
  async result(partnerId: string, id: string): Promise<SessionResultView> {
    const session = await this.sessions.find(partnerId, id);
    if (!session) throw sessionNotFound();
    if (session.status !== 'completed' && session.status !== 'failed') {
      throw new ProblemException({
        status: 409,
        code: 'result_not_available',
        title: 'Result not available',
        detail:
          session.status === 'expired'
            ? 'The session expired before a result was reached; it will never have one.'
            : 'The session has no result yet. Wait for verification.completed or verification.failed, or poll the session.',
        extensions: { session_status: session.status },
      });
    }
    return presentResult(session);
  }
}

function checkRange(from: string | undefined, to: string | undefined, name: string): void {
  if (from && to && Date.parse(from) >= Date.parse(to)) {
    throw ProblemException.validation(
      [
        {
          field: `${name}_to`,
          code: 'invalid_range',
          message: `${name}_to must be after ${name}_from`,
        },
      ],
      'The time range is empty.',
    );
  }
}
