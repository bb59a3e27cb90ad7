import { DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { PartnerKeyVerifier } from './authentication/partner-key.verifier';
import { ApiGatewayEnv } from './config/api-gateway.env';
import { PARTNER_KEY_ENVIRONMENT, PartnerKeysService } from './keys/partner-keys.service';
import { PartnersService } from './partners/partners.service';
import { UpstreamForwarder } from './proxy/upstream-forwarder';
import { PartnerRateLimiter } from './rate-limit/partner-rate-limiter';
import { createGatewayRedis, GATEWAY_REDIS } from './rate-limit/redis.provider';
import { RouteTableService } from './routing/route-table.service';
import { EnsureSandboxPartner } from './sandbox/ensure-sandbox-partner';

/** The gateway's shared providers; global so readiness probes can reach Redis and the route table. */
@Module({})
export class GatewayCoreModule implements OnApplicationShutdown {
  constructor(@Inject(GATEWAY_REDIS) private readonly redis: Redis) {}

  static register(env: ApiGatewayEnv): DynamicModule {
    const providers = [
      { provide: ApiGatewayEnv, useValue: env },
      { provide: PARTNER_KEY_ENVIRONMENT, useValue: env.PARTNER_KEY_ENVIRONMENT },
      { provide: GATEWAY_REDIS, useFactory: () => createGatewayRedis(env.REDIS_URL) },
      PartnersService,
      PartnerKeysService,
      EnsureSandboxPartner,
      {
        provide: PartnerKeyVerifier,
        inject: [PartnerKeysService],
        useFactory: (keys: PartnerKeysService) =>
          new PartnerKeyVerifier((keyId) => keys.findActive(keyId), {
            environment: env.PARTNER_KEY_ENVIRONMENT,
            cacheTtlMs: env.KEY_CACHE_TTL_MS,
          }),
      },
      {
        provide: PartnerRateLimiter,
        inject: [GATEWAY_REDIS],
        useFactory: (redis: Redis) =>
          new PartnerRateLimiter(redis, {
            points: env.RATE_LIMIT_POINTS,
            windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
            keyPrefix: env.REDIS_KEY_PREFIX,
          }),
      },
      {
        provide: RouteTableService,
        useFactory: () =>
          new RouteTableService({
            services: env.routedServices(),
            refreshIntervalMs: env.ROUTE_REFRESH_INTERVAL_MS,
            publicBaseUrl: env.PUBLIC_BASE_URL,
          }),
      },
      {
        provide: UpstreamForwarder,
        useFactory: () =>
          new UpstreamForwarder({
            internalSecret: env.INTERNAL_AUTH_SECRET,
            timeoutMs: env.UPSTREAM_TIMEOUT_MS,
            connectionsPerService: env.UPSTREAM_CONNECTIONS,
          }),
      },
    ];
    return { module: GatewayCoreModule, global: true, providers, exports: providers };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
