import { AttemptError, classifyNetworkError, outcomeOfStatus } from './attempt-outcome';

describe('outcomeOfStatus (spec section 7)', () => {
  it.each([200, 201, 202, 204])('%i acknowledges', (status) => {
    expect(outcomeOfStatus(status).success).toBe(true);
  });

  it.each([301, 302, 304, 400, 404, 410, 429, 500, 502, 503])('%i is a failure', (status) => {
    expect(outcomeOfStatus(status)).toEqual({
      success: false,
      statusCode: status,
      errorClass: null,
    });
  });
});

describe('classifyNetworkError', () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });

  it('classifies refusals, DNS errors, timeouts and resets', () => {
    expect(classifyNetworkError(withCode('ECONNREFUSED'), false)).toBe(
      AttemptError.ConnectionRefused,
    );
    expect(classifyNetworkError(withCode('ENOTFOUND'), false)).toBe(AttemptError.DnsError);
    expect(classifyNetworkError(withCode('EAI_AGAIN'), false)).toBe(AttemptError.DnsError);
    expect(classifyNetworkError(withCode('UND_ERR_CONNECT_TIMEOUT'), false)).toBe(
      AttemptError.Timeout,
    );
    expect(classifyNetworkError(withCode('ECONNRESET'), false)).toBe(AttemptError.ConnectionReset);
    expect(classifyNetworkError(withCode('EBLOCKEDADDRESS'), false)).toBe(
      AttemptError.BlockedAddress,
    );
    expect(classifyNetworkError(withCode('ERR_TLS_CERT_ALTNAME_INVALID'), false)).toBe(
      AttemptError.TlsError,
    );
  });

  it('looks through wrapped causes and lets our own deadline win', () => {
    const wrapped = new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') });
    expect(classifyNetworkError(wrapped, false)).toBe(AttemptError.ConnectionRefused);
    expect(classifyNetworkError(withCode('UND_ERR_ABORTED'), true)).toBe(AttemptError.Timeout);
    expect(classifyNetworkError(new Error('odd'), false)).toBe(AttemptError.NetworkError);
  });
});
