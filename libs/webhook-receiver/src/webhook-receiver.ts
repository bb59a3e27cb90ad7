import { InMemoryDedupeStore, type DedupeStore } from './dedupe-store';
import {
  verifyWebhook,
  type HeaderSource,
  type VerificationFailure,
  type VerifyOptions,
} from './verify';

/** The envelope every delivery carries (verification-webhooks spec, section 2). */
export interface WebhookEvent<TData = Record<string, unknown>> {
  id: string;
  type: string;
  created_at: string;
  data: TData;
}

export interface WebhookReceiverOptions extends Omit<VerifyOptions, 'now'> {
  /** Where handled `X-Webhook-Id`s are remembered. Default: in memory. */
  store?: DedupeStore;
  /** How long an id is remembered; must exceed the sender's retry window (about 36 min). Default 24 h. */
  dedupeTtlSeconds?: number;
  now?: () => number;
}

/** What to answer: `status` is the HTTP status to send back to the sender. */
export type ReceiveOutcome =
  | { outcome: 'processed'; status: 200; event: WebhookEvent }
  | { outcome: 'duplicate'; status: 200; webhookId: string }
  | {
      outcome: 'rejected';
      status: 400 | 401;
      reason: VerificationFailure | 'malformed_body' | 'id_mismatch';
    };

export const DEFAULT_DEDUPE_TTL_SECONDS = 24 * 3600;

/**
 * Verify, deduplicate, then process. A duplicate is acknowledged with 200 and not processed again;
 * if the handler throws, the id is released (so the sender's retry is processed) and the error
 * propagates: answer it with a 5xx.
 */
export class WebhookReceiver {
  private readonly store: DedupeStore;

  constructor(private readonly options: WebhookReceiverOptions) {
    this.store = options.store ?? new InMemoryDedupeStore();
  }

  async receive(
    headers: HeaderSource,
    rawBody: string | Buffer,
    handle: (event: WebhookEvent) => Promise<void> | void,
  ): Promise<ReceiveOutcome> {
    const verified = verifyWebhook(headers, rawBody, {
      ...this.options,
      now: this.options.now?.(),
    });
    if (!verified.ok) {
      return {
        outcome: 'rejected',
        status: verified.reason === 'missing_header' ? 400 : 401,
        reason: verified.reason,
      };
    }
    let event: WebhookEvent;
    try {
      event = JSON.parse(rawBody.toString()) as WebhookEvent;
    } catch {
      return { outcome: 'rejected', status: 400, reason: 'malformed_body' };
    }
    if (event?.id !== verified.webhookId)
      return { outcome: 'rejected', status: 400, reason: 'id_mismatch' };
    const ttl = this.options.dedupeTtlSeconds ?? DEFAULT_DEDUPE_TTL_SECONDS;
    if (!(await this.store.reserve(verified.webhookId, ttl))) {
      return { outcome: 'duplicate', status: 200, webhookId: verified.webhookId };
    }
    try {
      await handle(event);
    } catch (error) {
      await this.store.release(verified.webhookId);
      throw error;
    }
    return { outcome: 'processed', status: 200, event };
  }
}
