import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Response } from 'express';
import { Histogram, register } from 'prom-client';
import { Pool, type Dispatcher } from 'undici';
import { signPrincipal } from '@pc/auth';
import { ProblemException, requestIdOf } from '@pc/http';
import type { GatewayRequest } from './gateway-request';
import {
  forwardingHeaders,
  hasRequestBody,
  partnerResponseHeaders,
  upstreamRequestHeaders,
} from './forwarded-headers';

export interface ForwarderOptions {
  internalSecret: string;
  timeoutMs: number;
  connectionsPerService: number;
}

export const FORWARDER_OPTIONS = Symbol('FORWARDER_OPTIONS');

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMED_OUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function upstreamHistogram(): Histogram<'service' | 'route' | 'method' | 'status'> {
  const name = 'gateway_upstream_request_duration_seconds';
  return (
    (register.getSingleMetric(name) as
      Histogram<'service' | 'route' | 'method' | 'status'> | undefined) ??
    new Histogram({
      name,
      help: 'Time from forwarding a partner request to the end of the service response, by operation.',
      labelNames: ['service', 'route', 'method', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 30],
    })
  );
}

/**
 * Streams a partner request to its service and the response back, untouched: the body is never
 * parsed or buffered (multipart uploads pass through as sent). One keep-alive pool per service.
 */
@Injectable()
export class UpstreamForwarder implements OnApplicationShutdown {
  private readonly logger = new Logger(UpstreamForwarder.name);
  private readonly pools = new Map<string, Pool>();
  private readonly histogram = upstreamHistogram();

  constructor(private readonly options: ForwarderOptions) {}

  async forward(request: GatewayRequest, response: Response, baseUrl: string): Promise<void> {
    const route = request.gatewayRoute!;
    const key = request.partnerKey!;
    const requestId = typeof request.id === 'string' ? request.id : requestIdOf(request);
    const principal = signPrincipal(
      {
        partnerId: key.partnerId,
        channels: key.channels,
        scopes: key.scopes,
        keyId: key.keyId,
        requestId,
      },
      this.options.internalSecret,
    );
    const headers = upstreamRequestHeaders(request.headers, {
      ...principal,
      'x-request-id': requestId,
      ...forwardingHeaders(request),
    });
    const stopTimer = this.histogram.startTimer({
      service: route.service,
      route: route.pathTemplate,
      method: route.method,
    });
    let status = 'error';
    try {
      // No AbortController: when the partner goes away, writing into the destroyed response (or
      // reading the cut-off request body) fails and undici aborts the upstream request itself.
      await this.poolFor(baseUrl).stream(
        {
          path: request.url,
          method: request.method as Dispatcher.HttpMethod,
          headers,
          body: hasRequestBody(request.headers) ? request : null,
          opaque: response,
        },
        ({ statusCode, headers: upstream, opaque }) => {
          status = String(statusCode);
          opaque.writeHead(statusCode, partnerResponseHeaders(upstream));
          return opaque;
        },
      );
    } catch (error) {
      if (response.destroyed || request.destroyed) return;
      if (response.headersSent) {
        response.destroy(error as Error);
        return;
      }
      throw this.problemFor(error as Error & { code?: string }, route.service);
    } finally {
      stopTimer({ status });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }

  private poolFor(baseUrl: string): Pool {
    let pool = this.pools.get(baseUrl);
    if (!pool) {
      pool = new Pool(baseUrl, {
        connections: this.options.connectionsPerService,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
      });
      this.pools.set(baseUrl, pool);
    }
    return pool;
  }

  private problemFor(error: Error & { code?: string }, service: string): ProblemException {
    const code = error.code ?? (error.cause as { code?: string } | undefined)?.code ?? '';
    this.logger.warn(`Forwarding to ${service} failed: ${code || error.name} ${error.message}`);
    if (UNREACHABLE.has(code)) {
      return new ProblemException({
        status: 503,
        code: 'service_unavailable',
        title: 'Service unavailable',
        detail: 'The service behind this operation is not reachable right now; retry shortly.',
        headers: { 'Retry-After': '1' },
      });
    }
    if (TIMED_OUT.has(code)) {
      return new ProblemException({
        status: 504,
        code: 'upstream_timeout',
        title: 'Gateway timeout',
        detail: 'The service behind this operation did not answer in time.',
      });
    }
    return new ProblemException({
      status: 502,
      code: 'bad_gateway',
      title: 'Bad gateway',
      detail: 'The service behind this operation failed to answer properly.',
    });
  }
}
