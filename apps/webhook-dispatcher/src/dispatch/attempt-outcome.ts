/** Why an attempt got no HTTP status: the spec's "no response", "refused" and "DNS error" rows, and kin. */
export const AttemptError = {
  Timeout: 'timeout',
  ConnectionRefused: 'connection_refused',
  DnsError: 'dns_error',
  BlockedAddress: 'blocked_address',
  ConnectionReset: 'connection_reset',
  TlsError: 'tls_error',
  NetworkError: 'network_error',
} as const;
export type AttemptError = (typeof AttemptError)[keyof typeof AttemptError];

export interface AttemptOutcome {
  success: boolean;
  statusCode: number | null;
  errorClass: AttemptError | null;
}

/** Only 2xx acknowledges; redirects are not followed and count as failures like 4xx and 5xx. */
export function outcomeOfStatus(statusCode: number): AttemptOutcome {
  return { success: statusCode >= 200 && statusCode < 300, statusCode, errorClass: null };
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA']);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** Maps a network error (undici's or Node's, possibly wrapped in `cause`) to its class. */
export function classifyNetworkError(error: unknown, timedOut: boolean): AttemptError {
  if (timedOut) return AttemptError.Timeout;
  const codes = codesOf(error);
  if (codes.includes('EBLOCKEDADDRESS')) return AttemptError.BlockedAddress;
  if (codes.includes('ECONNREFUSED')) return AttemptError.ConnectionRefused;
  if (codes.some((code) => DNS_CODES.has(code))) return AttemptError.DnsError;
  if (codes.some((code) => TIMEOUT_CODES.has(code))) return AttemptError.Timeout;
  if (codes.some((code) => RESET_CODES.has(code))) return AttemptError.ConnectionReset;
  if (
    codes.some(
      (code) => code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL'),
    )
  ) {
    return AttemptError.TlsError;
  }
  return AttemptError.NetworkError;
}
