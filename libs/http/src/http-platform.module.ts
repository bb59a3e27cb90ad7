import {
  DynamicModule,
  MiddlewareConsumer,
  Module,
  NestModule,
  type InjectionToken,
  type Provider,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import {
  HealthController,
  READINESS_PROBES,
  type ReadinessProbe,
} from './health/health.controller';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { IdempotencyStore } from './idempotency/idempotency.store';
import { loggerModule } from './observability/logger';
import { HttpMetricsMiddleware, metricsModule } from './observability/metrics';

export interface HttpPlatformOptions {
  service: string;
  logLevel: string;
  /** Store and replay `Idempotency-Key` POSTs; needs the service's TypeORM DataSource. */
  idempotency?: boolean;
  /** What must answer before the service takes traffic; its dependencies must be global providers. */
  readiness?: {
    inject?: InjectionToken[];
    useFactory: (...dependencies: never[]) => ReadinessProbe[];
  };
}

/** Everything a service's HTTP side shares: JSON logs, request ids, metrics, health, idempotency. */
@Module({})
export class HttpPlatformModule implements NestModule {
  static forRoot(options: HttpPlatformOptions): DynamicModule {
    const providers: Provider[] = options.idempotency
      ? [IdempotencyStore, { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }]
      : [];
    const readiness: Provider = {
      provide: READINESS_PROBES,
      useFactory: options.readiness?.useFactory ?? (() => []),
      inject: options.readiness?.inject ?? [],
    };
    return {
      module: HttpPlatformModule,
      imports: [loggerModule(options.service, options.logLevel), metricsModule(), TerminusModule],
      controllers: [HealthController],
      providers: [...providers, readiness],
      exports: providers.filter((provider) => provider === IdempotencyStore),
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('*path');
  }
}
