import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { VerificationEvent } from '@pc/contracts';
import { ProblemException } from '@pc/http';
import type { CreateSessionDto } from '../dto/create-session.dto';
import { sessionEvent } from '../session-events';
import { toProblem } from '../session-problems';
import { SessionRuleViolation } from '../session-rule-violation';
import { SESSION_SETTINGS, type SessionSettings } from '../session-settings';
import { SessionsRepository } from '../sessions.repository';
import { VerificationSession } from '../verification-session.entity';

export interface CreatedSession {
  session: VerificationSession;
  /** False when external_id named an existing session with the same request: nothing was created. */
  created: boolean;
}

/**
 * Opens a session and announces it (verification.created). `external_id` makes the call
 * idempotent: the same request again returns the existing session; a different one is a conflict.
 */
@Injectable()
export class CreateSession {
  constructor(
    private readonly sessions: SessionsRepository,
    @Inject(SESSION_SETTINGS) private readonly settings: SessionSettings,
  ) {}

  async execute(partnerId: string, request: CreateSessionDto): Promise<CreatedSession> {
    const externalId = request.external_id ?? null;
    const mode = request.mode ?? 'single';
    const steps = request.steps ?? [];
    const ttlSeconds = this.ttlOf(request);
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([request.provider, mode, steps, ttlSeconds]))
      .digest('hex');
    if (externalId !== null) {
      const existing = await this.sessions.findByExternalId(partnerId, externalId);
      if (existing) return this.replay(existing, fingerprint);
    }
    const now = new Date();
    const session = this.open(
      { partnerId, externalId, mode, steps, ttlSeconds, fingerprint, provider: request.provider },
      now,
    );
    const inserted = await this.sessions.insertIfNew(session, [
      sessionEvent(session, VerificationEvent.Created, now),
    ]);
    if (inserted) return { session, created: true };
    // Lost a race with a concurrent create of the same external_id: answer as its replay.
    const winner = await this.sessions.findByExternalId(partnerId, externalId as string);
    if (!winner) throw new Error('insert conflicted but no session holds the external_id');
    return this.replay(winner, fingerprint);
  }

  private open(
    input: {
      partnerId: string;
      externalId: string | null;
      provider: CreateSessionDto['provider'];
      mode: VerificationSession['mode'];
      steps: string[];
      ttlSeconds: number;
      fingerprint: string;
    },
    now: Date,
  ): VerificationSession {
    try {
      return VerificationSession.open(
        { id: randomUUID(), requestFingerprint: input.fingerprint, ...input },
        now,
      );
    } catch (error) {
      if (error instanceof SessionRuleViolation) throw toProblem(error, 'pending');
      throw error;
    }
  }

  private replay(existing: VerificationSession, fingerprint: string): CreatedSession {
    if (existing.requestFingerprint !== fingerprint) {
      throw new ProblemException({
        status: 409,
        code: 'external_id_conflict',
        title: 'external_id already used',
        detail: 'A session with this external_id exists and was created with a different request.',
        extensions: { verification_session_id: existing.id },
      });
    }
    return { session: existing, created: false };
  }

  private ttlOf(request: CreateSessionDto): number {
    const { minSeconds, maxSeconds, defaultSeconds } = this.settings.ttl;
    const ttl = request.ttl_seconds ?? defaultSeconds;
    if (ttl < minSeconds || ttl > maxSeconds) {
      throw ProblemException.validation(
        [
          {
            field: 'ttl_seconds',
            code: ttl < minSeconds ? 'too_small' : 'too_large',
            message: `ttl_seconds must be between ${minSeconds} and ${maxSeconds}`,
          },
        ],
        'The session TTL is out of bounds.',
      );
    }
    return ttl;
  }
}
