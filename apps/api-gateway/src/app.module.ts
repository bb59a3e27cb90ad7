import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { createHttpLogger, HttpPlatformModule, databaseConfigOf, databaseProbe } from '@pc/http';
import { apiGatewayDataSourceOptions } from './api-gateway.datasource';
import { PartnerKeyVerifier } from './authentication/partner-key.verifier';
import type { ApiGatewayEnv } from './config/api-gateway.env';
import { GatewayCoreModule } from './gateway-core.module';
import { PartnerApiHandler } from './proxy/partner-api.handler';
import { UpstreamForwarder } from './proxy/upstream-forwarder';
import { PartnerRateLimiter } from './rate-limit/partner-rate-limiter';
import { GATEWAY_REDIS, isRedisReady } from './rate-limit/redis.provider';
import { RouteTableService } from './routing/route-table.service';

const SERVICE_NAME = 'api-gateway';

/** The public edge: partner keys, scopes, rate limits, routing to services, the merged OpenAPI. */
@Module({})
export class AppModule {
  static register(env: ApiGatewayEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HttpPlatformModule.forRoot({
          service: SERVICE_NAME,
          logLevel: env.LOG_LEVEL,
          readiness: {
            inject: [DataSource, GATEWAY_REDIS, RouteTableService],
            useFactory: (dataSource: DataSource, redis: Redis, routes: RouteTableService) => [
              databaseProbe(dataSource),
              { name: 'redis', isReady: () => isRedisReady(redis) },
              { name: 'routes', isReady: () => routes.isReady() },
            ],
          },
        }),
        TypeOrmModule.forRoot(apiGatewayDataSourceOptions(databaseConfigOf(env))),
        GatewayCoreModule.register(env),
      ],
      providers: [
        {
          provide: PartnerApiHandler,
          inject: [PartnerKeyVerifier, PartnerRateLimiter, RouteTableService, UpstreamForwarder],
          useFactory: (
            verifier: PartnerKeyVerifier,
            limiter: PartnerRateLimiter,
            routes: RouteTableService,
            forwarder: UpstreamForwarder,
          ) =>
            new PartnerApiHandler(
              createHttpLogger(SERVICE_NAME, env.LOG_LEVEL),
              verifier,
              limiter,
              routes,
              forwarder,
            ),
        },
      ],
    };
  }
}
