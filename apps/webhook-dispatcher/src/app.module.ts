import { DynamicModule, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '@pc/auth';
import {
  HttpPlatformModule,
  IdempotencyInterceptor,
  IdempotencyStore,
  databaseConfigOf,
} from '@pc/http';
import { databaseAndBrokerReadiness, MessagingModule } from '@pc/messaging';
import { WebhookDispatcherEnv } from './config/webhook-dispatcher.env';
import { DeliveriesController } from './deliveries/deliveries.controller';
import { DeliveriesService } from './deliveries/deliveries.service';
import { DeliveryPipeline } from './dispatch/delivery-pipeline';
import { DISPATCH_SETTINGS, dispatchSettingsOf } from './dispatch/dispatch-settings';
import { EndpointsController } from './endpoints/endpoints.controller';
import { EndpointsService } from './endpoints/endpoints.service';
import { SealedIdempotencyStore } from './endpoints/sealed-idempotency.store';
import { SecretCipher } from './endpoints/secret-cipher';
import { AfterCommit } from './fan-out/after-commit';
import { EventsConsumer } from './fan-out/events.consumer';
import { FanOutEvent } from './fan-out/fan-out-event';
import { webhookDispatcherDataSourceOptions } from './webhook-dispatcher.datasource';
import { SERVICE_NAME } from './service-name';

/** Webhook endpoints API, event fan-out and the signed, retried delivery pipeline. */
@Module({})
export class AppModule {
  static register(env: WebhookDispatcherEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HttpPlatformModule.forRoot({
          service: SERVICE_NAME,
          logLevel: env.LOG_LEVEL,
          readiness: databaseAndBrokerReadiness,
        }),
        TypeOrmModule.forRoot(webhookDispatcherDataSourceOptions(databaseConfigOf(env))),
        AuthModule.forRoot({ internalSecret: env.INTERNAL_AUTH_SECRET }),
        MessagingModule.forRootAsync({
          // This service publishes no domain events: no outbox relay.
          useFactory: () => ({
            url: env.RABBITMQ_URL,
            exchange: env.EVENTS_EXCHANGE,
            serviceName: SERVICE_NAME,
            relay: { enabled: false },
          }),
        }),
      ],
      controllers: [EndpointsController, DeliveriesController, EventsConsumer],
      providers: [
        { provide: WebhookDispatcherEnv, useValue: env },
        { provide: DISPATCH_SETTINGS, useValue: dispatchSettingsOf(env) },
        {
          provide: SecretCipher,
          useValue: SecretCipher.fromConfig(
            env.WEBHOOK_SECRET_ENCRYPTION_KEY,
            env.WEBHOOK_SECRET_PREVIOUS_ENCRYPTION_KEYS,
          ),
        },
        // Idempotency-Key replays, with the stored responses (which may hold a secret) encrypted.
        { provide: IdempotencyStore, useClass: SealedIdempotencyStore },
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
        AfterCommit,
        DeliveryPipeline,
        FanOutEvent,
        EndpointsService,
        DeliveriesService,
      ],
    };
  }
}
