import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '@pc/auth';
import { HttpPlatformModule, databaseConfigOf } from '@pc/http';
import { databaseAndBrokerReadiness, MessagingModule } from '@pc/messaging';
import { PartnerOnboardingEnv } from './config/partner-onboarding.env';
import { OnboardingModule } from './onboarding.module';
import { partnerOnboardingDataSourceOptions } from './partner-onboarding.datasource';

/** Partner onboarding: drafts, data segments, documents, beneficial owners, invitations, finalize. */
@Module({})
export class AppModule {
  static register(env: PartnerOnboardingEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HttpPlatformModule.forRoot({
          service: 'partner-onboarding',
          logLevel: env.LOG_LEVEL,
          idempotency: true,
          readiness: databaseAndBrokerReadiness,
        }),
        TypeOrmModule.forRoot(partnerOnboardingDataSourceOptions(databaseConfigOf(env))),
        MessagingModule.forRootAsync({
          useFactory: () => ({
            url: env.RABBITMQ_URL,
            exchange: env.EVENTS_EXCHANGE,
            serviceName: 'partner-onboarding',
          }),
        }),
        AuthModule.forRoot({ internalSecret: env.INTERNAL_AUTH_SECRET }),
        OnboardingModule.register(env),
      ],
    };
  }
}
