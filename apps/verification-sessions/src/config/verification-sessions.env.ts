import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { EnvBoolean, InvalidConfigurationError, ServiceEnv } from '@pc/http';

export class VerificationSessionsEnv extends ServiceEnv {
  override PORT = 3004;
  override DATABASE_NAME = 'pc_verifications';

  /** Registers the sandbox API and the sandbox provider adapters. Off in production. */
  @EnvBoolean()
  @IsBoolean()
  SANDBOX_MODE: boolean = true;

  @IsInt()
  @Min(1)
  SESSION_TTL_MIN_SECONDS: number = 60;

  @IsInt()
  @Min(1)
  SESSION_TTL_MAX_SECONDS: number = 7 * 24 * 3600;

  @IsInt()
  @Min(1)
  SESSION_TTL_DEFAULT_SECONDS: number = 3600;

  /** Run the TTL expiry sweep in this process (safe in every replica). */
  @EnvBoolean()
  @IsBoolean()
  EXPIRY_WORKER_ENABLED: boolean = true;

  @IsInt()
  @Min(50)
  @Max(60_000)
  EXPIRY_INTERVAL_MS: number = 1000;

  @IsInt()
  @Min(1)
  @Max(10_000)
  EXPIRY_BATCH_SIZE: number = 500;
}

/** Cross-field rules class-validator cannot say: min ≤ default ≤ max. */
export function assertTtlBounds(env: VerificationSessionsEnv): void {
  const {
    SESSION_TTL_MIN_SECONDS: min,
    SESSION_TTL_DEFAULT_SECONDS: fallback,
    SESSION_TTL_MAX_SECONDS: max,
  } = env;
  if (!(min <= fallback && fallback <= max)) {
    throw new InvalidConfigurationError(
      `Invalid configuration: SESSION_TTL_MIN_SECONDS (${min}) ≤ SESSION_TTL_DEFAULT_SECONDS (${fallback}) ≤ SESSION_TTL_MAX_SECONDS (${max}) must hold`,
    );
  }
}
