import { Controller, Get, Injectable, NestMiddleware, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PrometheusController, PrometheusModule } from '@willsoto/nestjs-prometheus';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { Histogram, register } from 'prom-client';
import { PublicRoute } from './public-route.decorator';

@ApiExcludeController()
@PublicRoute()
@Controller()
export class MetricsController extends PrometheusController {
  @Get()
  override async index(@Res({ passthrough: true }) response: Response) {
    return super.index(response);
  }
}

/** Process metrics are registered once per process, even when a test runs several apps in it. */
export function metricsModule() {
  return PrometheusModule.register({
    path: '/metrics',
    controller: MetricsController,
    defaultMetrics: { enabled: !register.getSingleMetric('process_cpu_user_seconds_total') },
  });
}

function httpDurationHistogram(): Histogram<'method' | 'route' | 'status'> {
  const existing = register.getSingleMetric('http_server_request_duration_seconds');
  if (existing) return existing as Histogram<'method' | 'route' | 'status'>;
  return new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP requests served, by route template and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  });
}

/** Records one request's duration when its response finishes, under the route `routeOf` names then. */
export class HttpRequestTimer {
  private readonly histogram = httpDurationHistogram();

  time(req: IncomingMessage, res: ServerResponse, routeOf: () => string): void {
    const stop = this.histogram.startTimer();
    res.once('finish', () => {
      stop({ method: req.method, route: routeOf(), status: String(res.statusCode) });
    });
  }
}

/** Records every request's duration under its route template (never the raw URL: bounded labels). */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  private readonly timer = new HttpRequestTimer();

  use(req: Request, res: Response, next: NextFunction): void {
    this.timer.time(req, res, () => {
      const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
      return `${req.baseUrl}${route}`;
    });
    next();
  }
}
