import { Injectable } from '@nestjs/common';
import type { VerificationSession } from '../verification-session.entity';
import { SessionTransitions } from './session-transitions';

/** DELETE: the session expires now (verification.expired); a finished session is 409 session_finished. */
@Injectable()
export class DeleteSession {
  constructor(private readonly transitions: SessionTransitions) {}

  execute(partnerId: string, id: string): Promise<VerificationSession> {
    return this.transitions.apply(partnerId, id, (session, now) => session.expire('deleted', now));
  }
}
