import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** Connection-level headers (RFC 9110 §7.6.1): they describe one hop and are never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Request headers the gateway replaces or must not pass on: the partner key, the host, the request
 * id and forwarding headers (set by the gateway), `Expect` (the gateway already answered it).
 */
const REPLACED_REQUEST_HEADERS = new Set([
  'authorization',
  'host',
  'expect',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
]);

/** Anything looking like the internal principal is the caller's forgery attempt: always dropped. */
const PRINCIPAL_HEADER_PREFIX = 'x-pc-principal';

function connectionListed(headers: IncomingHttpHeaders): Set<string> {
  const listed = headers.connection;
  if (!listed) return new Set();
  return new Set(listed.split(',').map((name) => name.trim().toLowerCase()));
}

/** The headers sent to the service: the partner's own (minus the above) plus the gateway's. */
export function upstreamRequestHeaders(
  incoming: IncomingHttpHeaders,
  added: Record<string, string>,
): Record<string, string | string[]> {
  const listed = connectionListed(incoming);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (
      value === undefined ||
      HOP_BY_HOP.has(name) ||
      REPLACED_REQUEST_HEADERS.has(name) ||
      listed.has(name)
    ) {
      continue;
    }
    if (name.startsWith(PRINCIPAL_HEADER_PREFIX)) continue;
    headers[name] = value;
  }
  return Object.assign(headers, added);
}

/** The service's response headers as sent to the partner, without the service's hop-by-hop ones. */
export function partnerResponseHeaders(upstream: IncomingHttpHeaders): OutgoingHttpHeaders {
  const listed = connectionListed(upstream);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(upstream)) {
    if (value === undefined || HOP_BY_HOP.has(name) || listed.has(name)) continue;
    headers[name] = value;
  }
  return headers;
}

/** Whether the partner's request has a body to stream on (any method may carry one). */
export function hasRequestBody(headers: IncomingHttpHeaders): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

/**
 * `X-Forwarded-*` for the service: the partner's address appended to any chain it came through,
 * the original host and scheme. Read from the socket directly: the hot path skips Express's
 * trust-proxy address parsing.
 */
export function forwardingHeaders(request: IncomingMessage): Record<string, string> {
  const incoming = request.headers;
  const peer = request.socket.remoteAddress ?? '';
  const chain =
    typeof incoming['x-forwarded-for'] === 'string'
      ? `${incoming['x-forwarded-for']}, ${peer}`
      : peer;
  const proto = incoming['x-forwarded-proto'];
  const headers: Record<string, string> = {
    'x-forwarded-for': chain,
    'x-forwarded-proto':
      typeof proto === 'string'
        ? proto
        : (request.socket as TLSSocket).encrypted
          ? 'https'
          : 'http',
  };
  const host = incoming['x-forwarded-host'] ?? incoming.host;
  if (typeof host === 'string') headers['x-forwarded-host'] = host;
  return headers;
}
