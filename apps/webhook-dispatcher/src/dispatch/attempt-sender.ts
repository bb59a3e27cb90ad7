import { Agent, request } from 'undici';
import { signatureHeader } from '@pc/webhook-receiver';
import { DestinationPolicy, guardedLookup } from '../endpoints/destination-policy';
import {
  AttemptError,
  classifyNetworkError,
  outcomeOfStatus,
  type AttemptOutcome,
} from './attempt-outcome';

export const USER_AGENT = 'PartnerConnect-Webhook/1.0';
/** How much of a receiver's answer is kept with the attempt. */
export const RESPONSE_EXCERPT_BYTES = 1024;
/** Read at most this much of a response before closing it: a receiver cannot make us download a file. */
const RESPONSE_DRAIN_LIMIT_BYTES = 64 * 1024;

export interface AttemptRequest {
  url: string;
  webhookId: string;
  body: string;
  /** Current secret first; the previous one too while a rotation's overlap window is open. */
  secrets: string[];
}

export interface AttemptResult extends AttemptOutcome {
  startedAt: Date;
  durationMs: number;
  responseExcerpt: string | null;
}

/**
 * One HTTP POST of a delivery, as the spec describes it: signed headers, a hard deadline, no
 * redirects followed, the answer classified. Never throws: every failure is an outcome.
 */
export class AttemptSender {
  private readonly agent: Agent;
  private readonly policy: DestinationPolicy;

  constructor(private readonly options: { timeoutMs: number; allowPrivateUrls: boolean }) {
    this.policy = new DestinationPolicy(options.allowPrivateUrls);
    this.agent = new Agent({
      keepAliveTimeout: 4_000,
      connections: null,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: {
        timeout: options.timeoutMs,
        ...(options.allowPrivateUrls ? {} : { lookup: guardedLookup }),
      },
    });
  }

  async send(attempt: AttemptRequest): Promise<AttemptResult> {
    const startedAt = new Date();
    const started = performance.now();
    const finish = (
      outcome: AttemptOutcome,
      responseExcerpt: string | null = null,
    ): AttemptResult => ({
      ...outcome,
      startedAt,
      durationMs: Math.round(performance.now() - started),
      responseExcerpt,
    });
    if (this.policy.isForbiddenLiteral(new URL(attempt.url))) {
      return finish({ success: false, statusCode: null, errorClass: AttemptError.BlockedAddress });
    }
    const deadline = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.abort();
    }, this.options.timeoutMs);
    try {
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await request(attempt.url, {
        dispatcher: this.agent,
        method: 'POST',
        body: attempt.body,
        signal: deadline.signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'x-webhook-id': attempt.webhookId,
          'x-timestamp': String(timestamp),
          'x-signature': signatureHeader(attempt.secrets, timestamp, attempt.body),
        },
      });
      const excerpt = await readExcerpt(response.body);
      return finish(outcomeOfStatus(response.statusCode), excerpt);
    } catch (error) {
      return finish({
        success: false,
        statusCode: null,
        errorClass: classifyNetworkError(error, timedOut),
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.agent.destroy();
  }
}

async function readExcerpt(
  body: AsyncIterable<Buffer> & { destroy(): void },
): Promise<string | null> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let readBytes = 0;
  for await (const chunk of body) {
    if (keptBytes < RESPONSE_EXCERPT_BYTES) {
      const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
    readBytes += chunk.length;
    if (readBytes >= RESPONSE_DRAIN_LIMIT_BYTES) {
      body.destroy();
      break;
    }
  }
  if (keptBytes === 0) return null;
  // Cut at a character boundary and drop NULs, which PostgreSQL text cannot hold.
  return Buffer.concat(kept)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')
    .split('\u0000')
    .join('');
}
