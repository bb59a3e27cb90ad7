/** Partner key scopes. The spec's five plus the verification and webhook APIs' own. */
export const Scope = {
  OnboardingRead: 'onboarding:read',
  OnboardingWrite: 'onboarding:write',
  AccountRead: 'account:read',
  PaymentsWrite: 'payments:write',
  PayoutsWrite: 'payouts:write',
  VerificationsRead: 'verifications:read',
  VerificationsWrite: 'verifications:write',
  WebhooksRead: 'webhooks:read',
  WebhooksWrite: 'webhooks:write',
} as const;

export type Scope = (typeof Scope)[keyof typeof Scope];

export const ALL_SCOPES: readonly Scope[] = Object.values(Scope);

export function isScope(value: string): value is Scope {
  return (ALL_SCOPES as readonly string[]).includes(value);
}
