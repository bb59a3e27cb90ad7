import { ALL_EVENTS_WILDCARD, SUBSCRIBABLE_EVENT_TYPES } from '@pc/contracts';
import { ProblemException, type FieldError } from '@pc/http';

/** What a subscription may list: every subscribable type, or the wildcard alone. */
export const VALID_SUBSCRIPTION_VALUES: readonly string[] = [
  ALL_EVENTS_WILDCARD,
  ...SUBSCRIBABLE_EVENT_TYPES,
];

/**
 * Validates and normalizes a subscription: `undefined` is `["*"]` (the spec's default), duplicates
 * are dropped, unknown types are refused with the list of valid ones.
 */
export function normalizeSubscription(events: string[] | undefined): string[] {
  if (events === undefined) return [ALL_EVENTS_WILDCARD];
  const errors: FieldError[] = [];
  events.forEach((type, index) => {
    if (!VALID_SUBSCRIPTION_VALUES.includes(type)) {
      errors.push({
        field: `events.${index}`,
        code: 'unknown_event_type',
        message: `${type} is not an event type`,
      });
    }
  });
  if (errors.length > 0) {
    throw new ProblemException({
      status: 422,
      code: 'unknown_event_type',
      title: 'Unknown event type',
      detail: `Valid event types: ${VALID_SUBSCRIPTION_VALUES.join(', ')}.`,
      errors,
      extensions: { valid_event_types: VALID_SUBSCRIPTION_VALUES },
    });
  }
  const unique = [...new Set(events)];
  if (unique.includes(ALL_EVENTS_WILDCARD) && unique.length > 1) {
    throw ProblemException.validation(
      [
        {
          field: 'events',
          code: 'wildcard_not_alone',
          message: '"*" subscribes to everything and cannot be combined',
        },
      ],
      'Use ["*"] alone, or list event types.',
    );
  }
  return unique;
}
