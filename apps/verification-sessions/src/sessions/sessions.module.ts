import { Module, type DynamicModule } from '@nestjs/common';
import { VerificationProviders } from '../providers/verification-provider';
import { SandboxVerificationProviders } from '../providers/sandbox/sandbox-providers';
import { SandboxController } from './sandbox.controller';
import { SESSION_SETTINGS, type SessionSettings } from './session-settings';
import { SessionExpiryWorker } from './session-expiry.worker';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { CreateSession } from './usecases/create-session';
import { DeleteSession } from './usecases/delete-session';
import { ExpireDueSessions } from './usecases/expire-due-sessions';
import { ReadSessions } from './usecases/read-sessions';
import { RecordProviderReport } from './usecases/record-provider-report';
import { SessionTransitions } from './usecases/session-transitions';

/** Verification sessions: API, state changes, TTL expiry and the provider adapters. */
@Module({})
export class SessionsModule {
  static register(settings: SessionSettings): DynamicModule {
    return {
      module: SessionsModule,
      // The sandbox API must not exist outside sandbox mode, not merely refuse.
      controllers: settings.sandbox
        ? [SessionsController, SandboxController]
        : [SessionsController],
      providers: [
        { provide: SESSION_SETTINGS, useValue: settings },
        // Only sandbox adapters exist so far; real ones bind here when SANDBOX_MODE=false.
        { provide: VerificationProviders, useClass: SandboxVerificationProviders },
        SessionsRepository,
        SessionTransitions,
        CreateSession,
        DeleteSession,
        RecordProviderReport,
        ExpireDueSessions,
        ReadSessions,
        SessionExpiryWorker,
      ],
    };
  }
}
