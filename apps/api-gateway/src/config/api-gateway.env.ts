import { IsIn, IsInt, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';
import { ServiceEnv } from '@pc/http';
import { DOWNSTREAM_SERVICES, type DownstreamServiceName } from '../routing/downstream-services';

const SERVICE_URL = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };
const SERVICE_LIST = new RegExp(
  `^(${DOWNSTREAM_SERVICES.join('|')})(,(${DOWNSTREAM_SERVICES.join('|')}))*$`,
);

export class ApiGatewayEnv extends ServiceEnv {
  override PORT = 3000;
  override DATABASE_NAME = 'pc_gateway';

  /** Rate-limit counters live here so every gateway replica shares them. */
  @IsString()
  @MinLength(1)
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Namespace of the gateway's Redis keys (lets tests and environments share one Redis). */
  @IsString()
  @MinLength(1)
  REDIS_KEY_PREFIX = 'pc:gateway:';

  /** Requests one partner key may make per window. */
  @IsInt()
  @Min(1)
  RATE_LIMIT_POINTS: number = 100;

  @IsInt()
  @Min(1)
  @Max(3600)
  RATE_LIMIT_WINDOW_SECONDS: number = 1;

  /** How long a verified key stays cached in memory: also the longest a revoked key keeps working. */
  @IsInt()
  @Min(0)
  @Max(10_000)
  KEY_CACHE_TTL_MS: number = 2000;

  /** `test` issues and accepts `pk_test_…` keys (sandbox); `live` issues and accepts `pk_live_…`. */
  @IsIn(['test', 'live'])
  PARTNER_KEY_ENVIRONMENT: 'test' | 'live' = 'test';

  /** How often each service's OpenAPI document is fetched again to refresh the route table. */
  @IsInt()
  @Min(1000)
  ROUTE_REFRESH_INTERVAL_MS: number = 30_000;

  /** Longest wait for a service's response headers, and between two body chunks. */
  @IsInt()
  @Min(100)
  UPSTREAM_TIMEOUT_MS: number = 30_000;

  /** Keep-alive connections per service in the gateway's pool. */
  @IsInt()
  @Min(1)
  UPSTREAM_CONNECTIONS: number = 128;

  /** Which services the gateway routes to (comma-separated); readiness waits for each one's routes. */
  @Matches(SERVICE_LIST, {
    message: `ROUTED_SERVICES must list some of: ${DOWNSTREAM_SERVICES.join(', ')}`,
  })
  ROUTED_SERVICES = DOWNSTREAM_SERVICES.join(',');

  /** The public base URL, written into the merged OpenAPI document's `servers`. */
  @IsUrl(SERVICE_URL)
  PUBLIC_BASE_URL = 'http://localhost:3000';

  @IsUrl(SERVICE_URL)
  ONBOARDING_SERVICE_URL = 'http://127.0.0.1:3001';

  @IsUrl(SERVICE_URL)
  MERCHANT_ACCOUNT_SERVICE_URL = 'http://127.0.0.1:3002';

  @IsUrl(SERVICE_URL)
  PAYOUTS_SERVICE_URL = 'http://127.0.0.1:3003';

  @IsUrl(SERVICE_URL)
  VERIFICATIONS_SERVICE_URL = 'http://127.0.0.1:3004';

  @IsUrl(SERVICE_URL)
  WEBHOOKS_SERVICE_URL = 'http://127.0.0.1:3005';

  @IsUrl(SERVICE_URL)
  HOSTED_FLOW_SERVICE_URL = 'http://127.0.0.1:3006';

  routedServices(): { name: DownstreamServiceName; baseUrl: string }[] {
    const urls: Record<DownstreamServiceName, string> = {
      onboarding: this.ONBOARDING_SERVICE_URL,
      'merchant-account': this.MERCHANT_ACCOUNT_SERVICE_URL,
      payouts: this.PAYOUTS_SERVICE_URL,
      verifications: this.VERIFICATIONS_SERVICE_URL,
      webhooks: this.WEBHOOKS_SERVICE_URL,
      'hosted-flow': this.HOSTED_FLOW_SERVICE_URL,
    };
    const names = new Set(this.ROUTED_SERVICES.split(',') as DownstreamServiceName[]);
    return DOWNSTREAM_SERVICES.filter((name) => names.has(name)).map((name) => ({
      name,
      baseUrl: urls[name].replace(/\/+$/, ''),
    }));
  }
}
