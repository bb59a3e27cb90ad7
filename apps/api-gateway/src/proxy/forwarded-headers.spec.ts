import {
  hasRequestBody,
  partnerResponseHeaders,
  upstreamRequestHeaders,
} from './forwarded-headers';

describe('forwarded headers', () => {
  it("drops the key, forged principals, hop-by-hop and replaced headers, and adds the gateway's", () => {
    const headers = upstreamRequestHeaders(
      {
        authorization: 'Bearer pk_test_x',
        host: 'api.example.test',
        connection: 'keep-alive, x-secret-hop',
        'x-secret-hop': 'drop me',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        expect: '100-continue',
        'x-pc-principal': 'forged',
        'x-pc-principal-signature': 'forged',
        'x-pc-principal-extra': 'forged',
        'x-request-id': 'from-partner',
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': '42',
        'idempotency-key': 'idem-1',
        'on-behalf-of': 'mer_1',
        accept: 'application/json',
      },
      { 'x-pc-principal': 'signed', 'x-request-id': 'req-1' },
    );
    expect(headers).toEqual({
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': '42',
      'idempotency-key': 'idem-1',
      'on-behalf-of': 'mer_1',
      accept: 'application/json',
      'x-pc-principal': 'signed',
      'x-request-id': 'req-1',
    });
  });

  it("passes the service's response headers except hop-by-hop ones", () => {
    expect(
      partnerResponseHeaders({
        'content-type': 'application/json',
        'set-cookie': ['a=1', 'b=2'],
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        location: '/api/v1/x/1',
      }),
    ).toEqual({
      'content-type': 'application/json',
      'set-cookie': ['a=1', 'b=2'],
      location: '/api/v1/x/1',
    });
  });

  it('knows when a request carries a body', () => {
    expect(hasRequestBody({})).toBe(false);
    expect(hasRequestBody({ 'content-length': '0' })).toBe(false);
    expect(hasRequestBody({ 'content-length': '10' })).toBe(true);
    expect(hasRequestBody({ 'transfer-encoding': 'chunked' })).toBe(true);
  });
});
