import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { HttpPlatformModule, databaseConfigOf, databaseProbe } from '@pc/http';
import { apiGatewayDataSourceOptions } from './api-gateway.datasource';
import { PartnerKeyGuard } from './authentication/partner-key.guard';
import type { ApiGatewayEnv } from './config/api-gateway.env';
import { GatewayCoreModule } from './gateway-core.module';
import { ProxyController } from './proxy/proxy.controller';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { GATEWAY_REDIS, isRedisReady } from './rate-limit/redis.provider';
import { RouteScopeGuard } from './routing/route-scope.guard';
import { RouteTableService } from './routing/route-table.service';

/** The public edge: partner keys, scopes, rate limits, routing to services, the merged OpenAPI. */
@Module({})
export class AppModule {
  static register(env: ApiGatewayEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        HttpPlatformModule.forRoot({
          service: 'api-gateway',
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
      controllers: [ProxyController],
      providers: [PartnerKeyGuard, RateLimitGuard, RouteScopeGuard],
    };
  }
}
