import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

export class InvalidConfigurationError extends Error {}

function describe(errors: ValidationError[]): string[] {
  return errors.map((error) => {
    const reasons = Object.values(error.constraints ?? {}).join('; ');
    return `${error.property}: ${reasons || 'invalid'}`;
  });
}

/**
 * Reads and validates a service's environment once, at start-up. Numbers convert by the
 * property's declared type, so numeric variables need a type annotation (`PORT: number = 3000`). Unknown variables are ignored;
 * a missing or malformed one stops the process with a message naming it.
 */
export function loadEnv<T extends object>(
  envClass: new () => T,
  source: Record<string, string | undefined> = process.env,
): T {
  const defined = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const env = plainToInstance(envClass, defined, { enableImplicitConversion: true });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    throw new InvalidConfigurationError(
      `Invalid configuration:\n  ${describe(errors).join('\n  ')}\nSee the configuration table in README.md.`,
    );
  }
  return env;
}

/** Environment booleans are strings: only `true`/`1` and `false`/`0` are accepted. */
export function EnvBoolean(): PropertyDecorator {
  return Transform(({ obj, key, value }) => {
    const raw = (obj as Record<string, unknown>)[key];
    if (typeof raw !== 'string') return value;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    return raw;
  });
}
