import {
  DynamicModule,
  Inject,
  MiddlewareConsumer,
  Module,
  NestModule,
  type InjectionToken,
  type Provider,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import {
  HealthController,
  READINESS_PROBES,
  type ReadinessProbe,
} from './health/health.controller';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { IdempotencyStore } from './idempotency/idempotency.store';
import { createHttpLogger, loggerModule } from './observability/logger';
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

const HTTP_PLATFORM_OPTIONS = Symbol('HTTP_PLATFORM_OPTIONS');

/** Everything a service's HTTP side shares: JSON logs, request ids, metrics, health, idempotency. */
@Module({})
export class HttpPlatformModule implements NestModule {
  constructor(@Inject(HTTP_PLATFORM_OPTIONS) private readonly options: HttpPlatformOptions) {}

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
      providers: [...providers, readiness, { provide: HTTP_PLATFORM_OPTIONS, useValue: options }],
      exports: providers.filter((provider) => provider === IdempotencyStore),
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    const accessLog = createHttpLogger(this.options.service, this.options.logLevel);
    const logAccess = (req: Request, res: Response, next: NextFunction) => {
      accessLog(req, res);
      next();
    };
    consumer.apply(logAccess, HttpMetricsMiddleware).forRoutes('*path');
  }
}
