import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthModule } from '@pc/auth';
import { HttpPlatformModule, databaseConfigOf, databaseProbe } from '@pc/http';
import { BrokerConnection, MessagingModule, brokerProbe } from '@pc/messaging';
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
          readiness: {
            inject: [DataSource, BrokerConnection],
            useFactory: (ds: DataSource, broker: BrokerConnection) => [
              databaseProbe(ds),
              brokerProbe(broker),
            ],
          },
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
