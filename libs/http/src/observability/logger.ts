import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import type { DynamicModule } from '@nestjs/common';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const QUIET_PATHS = ['/health/live', '/health/ready', '/metrics'];

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

/** JSON logs with the service name and request id; credentials and principals are redacted. */
export function loggerModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: [
      {
        level,
        base: { service },
        genReqId: (req: IncomingMessage, res: ServerResponse) => {
          const id = requestIdOf(req);
          res.setHeader('X-Request-Id', id);
          return id;
        },
        customAttributeKeys: { reqId: 'request_id' },
        autoLogging: { ignore: (req) => QUIET_PATHS.includes((req.url ?? '').split('?')[0]) },
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
        serializers: {
          req: (req: { id: string; method: string; url: string }) => ({
            id: req.id,
            method: req.method,
            url: req.url,
          }),
        },
      },
      logDestination(),
    ],
  });
}
