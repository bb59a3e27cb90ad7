import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { pinoHttp, type Options } from 'pino-http';
import type { DynamicModule } from '@nestjs/common';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const QUIET_PATHS = ['/health/live', '/health/ready', '/metrics'];

function pathOf(req: IncomingMessage & { originalUrl?: string }): string {
  return (req.originalUrl ?? req.url ?? '').split('?')[0];
}

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
 * One access line per request with the request id; credentials and principals are redacted.
 * Serializers read the raw request and response (`wrapSerializers: false`): the wrapped standard
 * ones first copy every header and look up the peer address for each request, which the line
 * then drops.
 */
function httpLoggerOptions(service: string, level: string): Options {
  return {
    level,
    base: { service },
    genReqId: assignRequestId,
    customAttributeKeys: { reqId: 'request_id' },
    // originalUrl: under Nest's middleware, Express has already cut `url` down to the mount point.
    autoLogging: { ignore: (req) => QUIET_PATHS.includes(pathOf(req)) },
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
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id: string; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.originalUrl ?? req.url,
      }),
      res: pino.stdSerializers.res,
      err: pino.stdSerializers.err,
    },
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
    pinoHttp: [httpLoggerOptions(service, level), logDestination()],
    forRoutes: [],
  });
}

export type HttpAccessLogger = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Access logging, for the services' Nest middleware and for the handler the gateway mounts ahead of
 * Nest's: sets `req.id` and the X-Request-Id response header, and logs the line when it finishes.
 * Access lines are written at info: with a quieter level, only the request id is assigned, since
 * pino-http would otherwise still build a child logger and three listeners per request for nothing.
 */
export function createHttpLogger(service: string, level: string): HttpAccessLogger {
  const httpLogger = pinoHttp(httpLoggerOptions(service, level), logDestination());
  if (httpLogger.logger.isLevelEnabled('info')) return httpLogger;
  return (req, res) => {
    req.id = assignRequestId(req, res);
  };
}
