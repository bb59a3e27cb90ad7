import { randomUUID } from 'node:crypto';

/** Who an event is about: the partner (and channel) owning the resource. Used to route and scope, never delivered. */
export interface EventOwner {
  partner_id: string;
  channel?: string | null;
}

/** The envelope partners see (verification-webhooks spec, section 2). */
export interface EventEnvelope<TType extends string = string, TData = unknown> {
  id: string;
  type: TType;
  created_at: string;
  data: TData;
}

/** The envelope as it travels on the broker: the public envelope plus its owner. */
export interface DomainEvent<TType extends string = string, TData = unknown> extends EventEnvelope<
  TType,
  TData
> {
  owner: EventOwner;
}

export const EVENT_ID_PREFIX = 'evt_';

export function newEventId(): string {
  return `${EVENT_ID_PREFIX}${randomUUID()}`;
}

/** ISO 8601 with an explicit offset, as the spec asks (`Z` is UTC's offset). */
export function eventTimestamp(at: Date = new Date()): string {
  return at.toISOString();
}

export function createEvent<TType extends string, TData>(
  type: TType,
  data: TData,
  owner: EventOwner,
  at: Date = new Date(),
): DomainEvent<TType, TData> {
  return { id: newEventId(), type, created_at: eventTimestamp(at), data, owner };
}

/** The partner-facing body: the domain event without its routing owner. */
export function toPublicEnvelope<TType extends string, TData>(
  event: DomainEvent<TType, TData>,
): EventEnvelope<TType, TData> {
  return { id: event.id, type: event.type, created_at: event.created_at, data: event.data };
}

const EVENT_ID_PATTERN = /^evt_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Narrows an unknown broker payload to a domain event, or says what is wrong with it. */
export function parseDomainEvent(raw: unknown): { event: DomainEvent } | { error: string } {
  if (typeof raw !== 'object' || raw === null) return { error: 'event is not an object' };
  const candidate = raw as Record<string, unknown>;
  if (typeof candidate.id !== 'string' || !EVENT_ID_PATTERN.test(candidate.id)) {
    return { error: 'id must be evt_<uuid>' };
  }
  if (typeof candidate.type !== 'string' || candidate.type.length === 0) {
    return { error: 'type must be a non-empty string' };
  }
  if (typeof candidate.created_at !== 'string' || Number.isNaN(Date.parse(candidate.created_at))) {
    return { error: 'created_at must be an ISO 8601 timestamp' };
  }
  if (typeof candidate.data !== 'object' || candidate.data === null) {
    return { error: 'data must be an object' };
  }
  const owner = candidate.owner as Record<string, unknown> | undefined;
  if (typeof owner !== 'object' || owner === null || typeof owner.partner_id !== 'string') {
    return { error: 'owner.partner_id must be a string' };
  }
  return { event: candidate as unknown as DomainEvent };
}
