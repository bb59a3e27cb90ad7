import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import type { Options } from 'pino-http';
import type { DynamicModule } from '@nestjs/common';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const QUIET_PATHS = ['/health/live', '/health/ready', '/metrics'];

/** The request's id, also announced to the caller in X-Request-Id. */
function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdOf(req);
  res.setHeader('X-Request-Id', id);
  return id;
}

/** Reuses the caller's (the gateway's) request id when it is well-formed, otherwise makes one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_INTERVAL_MS = 1000;
let destination: pino.DestinationStream | undefined;

/**
 * Standard output, written asynchronously in 4 KB chunks and at least every second: a synchronous
 * write per request line was the largest cost on the request path. pino flushes it on exit.
 */
function logDestination(): pino.DestinationStream {
  if (!destination) {
    const stream = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
    setInterval(() => stream.flush(), LOG_FLUSH_INTERVAL_MS).unref();
    destination = stream;
  }
  return destination;
}

/**
 * The service's logger (nestjs-pino's, behind Nest's Logger): JSON with the service name, errors
 * with their stacks. Credentials and principals are redacted should a log call ever carry headers.
 */
function appLoggerOptions(service: string, level: string): Options {
  return {
    level,
    base: { service },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-pc-principal"]',
        'req.headers["x-pc-principal-signature"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: { err: pino.stdSerializers.err },
  };
}

/**
 * JSON logs with the service name, as Nest's logger. nestjs-pino's own per-request middleware is
 * not mounted (`forRoutes: []`): it runs every request inside an AsyncLocalStorage, which makes
 * every promise of the request path pay for async hooks, only so that log calls made during a
 * request carry its id. Access lines come from `createHttpLogger`; the few log calls made while
 * serving a request pass `request_id` themselves.
 */
export function loggerModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: [appLoggerOptions(service, level), logDestination()],
    forRoutes: [],
  });
}

export type HttpAccessLogger = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Access logging, for the services' Nest middleware and for the handler the gateway mounts ahead of
 * Nest's: sets `req.id` and the X-Request-Id response header, and when the response is over writes
 * one line — `request completed` (info), `request errored` (error, status 5xx) or `request aborted`
 * (warn, the caller left first) — with the request id, method, URL, status and duration.
 *
 * One call on the service's logger per request, not pino-http: its child logger per request, the
 * copies of every response header and the redaction pass cost about 100 µs of CPU per request,
 * a quarter of the gateway's, and lengthened the tail latency through the garbage they left.
 * No header is logged, so no credential can be.
 */
export function createHttpLogger(service: string, level: string): HttpAccessLogger {
  const logger = pino({ level, base: { service } }, logDestination());
  const logs = logger.isLevelEnabled('info');
  return (req, res) => {
    const id = assignRequestId(req, res);
    req.id = id;
    if (!logs) return;
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
    if (QUIET_PATHS.includes(url.split('?')[0])) return;
    const startedAt = performance.now();
    res.once('close', () => {
      const line = {
        request_id: id,
        req: { id, method: req.method, url },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - startedAt),
      };
      if (!res.writableFinished) logger.warn(line, 'request aborted');
      else if (res.statusCode >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    });
  };
}
