import type { DataSourceOptions } from 'typeorm';
import { CreateIdempotencyKeys1760000000100 } from '@pc/http';
import { MESSAGING_MIGRATIONS } from '@pc/messaging';
import { postgresDataSourceOptions, type DatabaseConfig } from '@pc/persistence';
import { CreateVerificationSessions1761000000000 } from './migrations/1761000000000-create-verification-sessions';
import { VerificationSession } from './sessions/verification-session.entity';

/** The verification-sessions database: its entities and every migration, in order. */
export function verificationSessionsDataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  return postgresDataSourceOptions(db, {
    entities: [VerificationSession],
    migrations: [
      ...MESSAGING_MIGRATIONS,
      CreateIdempotencyKeys1760000000100,
      CreateVerificationSessions1761000000000,
    ],
  });
}
