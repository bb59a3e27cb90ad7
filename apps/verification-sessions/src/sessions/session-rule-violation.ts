/**
 * A request the session's rules refuse. `conflict` means the session's current state forbids it
 * (409); `invalid` means the request itself does not fit the session (422, on `field`).
 */
export class SessionRuleViolation extends Error {
  constructor(
    readonly kind: 'conflict' | 'invalid',
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
