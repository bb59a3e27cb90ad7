import { Controller, Get, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { PublicRoute } from '../observability/public-route.decorator';

/** Something a service needs before it can take traffic (its database, its broker). */
export interface ReadinessProbe {
  name: string;
  isReady(): Promise<boolean> | boolean;
}

export const READINESS_PROBES = Symbol('READINESS_PROBES');

@ApiExcludeController()
@PublicRoute()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(READINESS_PROBES) private readonly probes: ReadinessProbe[],
  ) {}

  /** The process is up; no dependency is checked, so a broker outage never restarts pods. */
  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check(
      this.probes.map((probe) => async () => {
        const session = this.indicators.check(probe.name);
        const ready = await Promise.resolve(probe.isReady()).catch(() => false);
        return ready ? session.up() : session.down();
      }),
    );
  }
}
