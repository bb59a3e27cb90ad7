/** The services behind the gateway; each serves its partner-facing routes and `/openapi.json`. */
export const DOWNSTREAM_SERVICES = [
  'onboarding',
  'merchant-account',
  'payouts',
  'verifications',
  'webhooks',
  'hosted-flow',
] as const;

export type DownstreamServiceName = (typeof DOWNSTREAM_SERVICES)[number];

export interface DownstreamService {
  name: DownstreamServiceName;
  baseUrl: string;
}
