import { IsIn, IsInt, IsString, IsUrl, Max, Min, MinLength } from 'class-validator';
import { EnvBoolean, ServiceEnv } from '@pc/http';

export class PartnerOnboardingEnv extends ServiceEnv {
  override PORT = 3001;
  override DATABASE_NAME = 'pc_onboarding';

  /** Public base URL of the hosted-flow app; hosted links are built on it. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  HOSTED_FLOW_BASE_URL = 'http://localhost:3006';

  /** Signs hosted-flow links (HMAC-SHA256). Shared with no one: hosted-flow asks this service about a link. */
  @IsString()
  @MinLength(32, { message: 'HOSTED_LINK_SECRET must be at least 32 characters' })
  HOSTED_LINK_SECRET: string;

  /** Lifetime of the onboarding hand-off URL from Get Onboarding Status / Finalize. */
  @IsInt()
  @Min(30)
  @Max(86_400)
  HOSTED_LINK_TTL_SECONDS: number = 900;

  /** How long an invitation link stays valid; resending starts it again. */
  @IsInt()
  @Min(1)
  @Max(720)
  INVITATION_TTL_HOURS: number = 168;

  /** A draft (or an onboarding awaiting the merchant) untouched this long expires. */
  @IsInt()
  @Min(1)
  @Max(3650)
  DRAFT_TTL_DAYS: number = 90;

  /** How often stale drafts are looked for; 0 turns the sweep off (e.g. when another replica runs it). */
  @IsInt()
  @Min(0)
  @Max(86_400)
  DRAFT_EXPIRY_INTERVAL_SECONDS: number = 3600;

  /** Adapter of the public company registers port (KRS/CEIDG/REGON). */
  @IsIn(['sandbox'])
  PUBLIC_REGISTER_ADAPTER = 'sandbox';

  /** Adapter of the e-mail/SMS notification port. */
  @IsIn(['sandbox'])
  NOTIFICATION_ADAPTER = 'sandbox';

  /** Serves GET /api/v1/sandbox/notifications (what the sandbox adapter "sent"). Never on in production. */
  @EnvBoolean()
  @IsIn([true, false])
  SANDBOX_MODE: boolean = false;
}
