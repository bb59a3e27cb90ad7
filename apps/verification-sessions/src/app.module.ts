import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '@pc/auth';
import { HttpPlatformModule, databaseConfigOf } from '@pc/http';
import { databaseAndBrokerReadiness, MessagingModule } from '@pc/messaging';
import { assertTtlBounds, VerificationSessionsEnv } from './config/verification-sessions.env';
import { SessionsModule } from './sessions/sessions.module';
import { verificationSessionsDataSourceOptions } from './verification-sessions.datasource';

export const SERVICE_NAME = 'verification-sessions';

/** Verification sessions: providers, results, TTL expiry and every session event. */
@Module({})
export class AppModule {
  static register(env: VerificationSessionsEnv): DynamicModule {
    assertTtlBounds(env);
    return {
      module: AppModule,
      imports: [
        HttpPlatformModule.forRoot({
          service: SERVICE_NAME,
          logLevel: env.LOG_LEVEL,
          idempotency: true,
          readiness: databaseAndBrokerReadiness,
        }),
        TypeOrmModule.forRoot(verificationSessionsDataSourceOptions(databaseConfigOf(env))),
        AuthModule.forRoot({ internalSecret: env.INTERNAL_AUTH_SECRET }),
        MessagingModule.forRootAsync({
          useFactory: () => ({
            url: env.RABBITMQ_URL,
            exchange: env.EVENTS_EXCHANGE,
            serviceName: SERVICE_NAME,
          }),
        }),
        SessionsModule.register({
          sandbox: env.SANDBOX_MODE,
          ttl: {
            minSeconds: env.SESSION_TTL_MIN_SECONDS,
            maxSeconds: env.SESSION_TTL_MAX_SECONDS,
            defaultSeconds: env.SESSION_TTL_DEFAULT_SECONDS,
          },
          expiry: {
            enabled: env.EXPIRY_WORKER_ENABLED,
            intervalMs: env.EXPIRY_INTERVAL_MS,
            batchSize: env.EXPIRY_BATCH_SIZE,
          },
        }),
      ],
      providers: [{ provide: VerificationSessionsEnv, useValue: env }],
    };
  }
}
