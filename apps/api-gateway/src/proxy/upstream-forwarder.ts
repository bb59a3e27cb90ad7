import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Histogram, register } from 'prom-client';
import { Pool, type Dispatcher } from 'undici';
import { signPrincipal } from '@pc/auth';
import { ProblemException } from '@pc/http';
import type { VerifiedKey } from '../authentication/partner-key.verifier';
import type { GatewayRoute } from '../routing/route-table';
import { forwardingHeaders, hasRequestBody, upstreamRequestHeaders } from './forwarded-headers';
import { ResponseRelay } from './response-relay';

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
 * The body to send on: when the whole of it has already arrived (a small JSON body usually has, by
 * the time the key and the rate limit are checked), the received bytes as they are, which undici
 * writes together with the headers; otherwise the partner's stream, passed on as it arrives.
 */
function upstreamBody(request: Request): Buffer | Request | null {
  if (!hasRequestBody(request.headers)) return null;
  if (request.complete && request.readableFlowing === null && request.readableLength > 0) {
    return request.read() as Buffer;
  }
  return request;
}

/**
 * Streams a partner request to its service and the response back, untouched: the body is never
 * parsed nor waited for (multipart uploads pass through as sent). One keep-alive pool per service.
 */
@Injectable()
export class UpstreamForwarder implements OnApplicationShutdown {
  private readonly logger = new Logger(UpstreamForwarder.name);
  private readonly pools = new Map<string, Pool>();
  private readonly histogram = upstreamHistogram();

  constructor(private readonly options: ForwarderOptions) {}

  /** `request.id` is the request id the access logger assigned. */
  async forward(
    request: Request,
    response: Response,
    key: VerifiedKey,
    route: GatewayRoute,
    baseUrl: string,
  ): Promise<void> {
    const requestId = String(request.id);
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
    let relay: ResponseRelay | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        relay = new ResponseRelay(response, (error) => (error ? reject(error) : resolve()));
        this.poolFor(baseUrl).dispatch(
          {
            path: request.url,
            method: request.method as Dispatcher.HttpMethod,
            headers,
            body: upstreamBody(request),
          },
          relay,
        );
      });
    } catch (error) {
      if (response.destroyed || request.destroyed) return;
      if (response.headersSent) {
        response.destroy(error as Error);
        return;
      }
      throw this.problemFor(error as Error & { code?: string }, route.service, requestId);
    } finally {
      stopTimer({ status: relay?.status ?? 'error' });
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

  /** The request id is in the message: this path runs outside the request's logging context. */
  private problemFor(
    error: Error & { code?: string },
    service: string,
    requestId: string,
  ): ProblemException {
    const code = error.code ?? (error.cause as { code?: string } | undefined)?.code ?? '';
    this.logger.warn(
      `Forwarding request ${requestId} to ${service} failed: ${code || error.name} ${error.message}`,
    );
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
