import { IsInt, IsUrl, Max, Min } from 'class-validator';
import { ServiceEnv } from '@pc/http';

export class HostedFlowEnv extends ServiceEnv {
  override PORT = 3006;
  override DATABASE_NAME = 'pc_hosted_flow';

  /** Internal base URL of partner-onboarding, which says what a hosted link opens. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  PARTNER_ONBOARDING_URL = 'http://127.0.0.1:3001';

  /** How long a page waits for partner-onboarding before answering 503. */
  @IsInt()
  @Min(100)
  @Max(30_000)
  LINK_LOOKUP_TIMEOUT_MS: number = 3000;
}
