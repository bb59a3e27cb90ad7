import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { Scope } from '@pc/contracts';
import { signPrincipal } from '@pc/auth';
import { startGateway, type GatewayUnderTest } from './support/gateway-under-test';
import { startWidgetsService, widgets, type RunningService } from './support/widgets-service';

const PROBLEM_JSON = 'application/problem+json';

describe('api gateway in front of a real service', () => {
  let service: RunningService;
  let gateway: GatewayUnderTest;
  let partnerA: string;
  let partnerB: string;

  const http = () => request(gateway.app.getHttpServer());
  const issueKey = async (partnerId: string, scopes?: string[]) =>
    (await gateway.commands.issueKey(partnerId, scopes)).key;

  beforeAll(async () => {
    service = await startWidgetsService();
    gateway = await startGateway({
      ROUTED_SERVICES: 'merchant-account',
      MERCHANT_ACCOUNT_SERVICE_URL: service.url,
      RATE_LIMIT_POINTS: '20',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      KEY_CACHE_TTL_MS: '300',
      PUBLIC_BASE_URL: 'https://api.partner-connect.test',
    });
    partnerA = (await gateway.commands.create('Acme')).partner_id;
    await gateway.commands.addChannel(partnerA, 'acme-shop');
    partnerB = (await gateway.commands.create('Globex')).partner_id;
    await gateway.commands.addChannel(partnerB, 'globex');
    widgets.set('w_a', { id: 'w_a', partnerId: partnerA, name: 'Acme widget' });
  });

  afterAll(async () => {
    await gateway?.close();
    await service?.app.close().catch(() => undefined);
  });

  it('is ready once its database, Redis and route table are', async () => {
    const response = await http().get('/health/ready').expect(200);
    expect(Object.keys(response.body.info).sort()).toEqual(['database', 'redis', 'routes']);
  });

  it('forwards an authenticated call with the signed principal of the key', async () => {
    const key = await issueKey(partnerA);
    const response = await http()
      .get('/api/v1/widgets/w_a')
      .set('Authorization', `Bearer ${key}`)
      .expect(200);
    expect(response.body).toEqual({ id: 'w_a', partnerId: partnerA, name: 'Acme widget' });
    expect(response.headers['ratelimit-limit']).toBe('20');
    expect(response.headers['ratelimit-remaining']).toBe('19');
  });

  it.each([
    ['no Authorization header', undefined],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a malformed key', 'Bearer pk_test_nope'],
    ['a well-formed key nobody issued', `Bearer pk_test_${'A'.repeat(16)}_${'B'.repeat(43)}`],
  ])('answers %s with 401 invalid_key', async (_case, authorization) => {
    const call = http().get('/api/v1/widgets/w_a');
    if (authorization) call.set('Authorization', authorization);
    const response = await call.expect(401);
    expect(response.headers['content-type']).toContain(PROBLEM_JSON);
    expect(response.headers['www-authenticate']).toContain('Bearer');
    expect(response.body).toMatchObject({
      status: 401,
      code: 'invalid_key',
      type: expect.stringContaining('invalid_key'),
    });
  });

  it('answers a key with a wrong secret under a real key id with 401', async () => {
    const key = await issueKey(partnerA);
    const forged = `${key.slice(0, -6)}ZZZZZZ`;
    await http().get('/api/v1/widgets/w_a').set('Authorization', `Bearer ${key}`).expect(200);
    const response = await http()
      .get('/api/v1/widgets/w_a')
      .set('Authorization', `Bearer ${forged}`)
      .expect(401);
    expect(response.body.code).toBe('invalid_key');
  });

  it('stops accepting a revoked key within the cache TTL', async () => {
    const issued = await gateway.commands.issueKey(partnerA);
    await http()
      .get('/api/v1/widgets/w_a')
      .set('Authorization', `Bearer ${issued.key}`)
      .expect(200);
    await gateway.commands.revokeKey(issued.key_id);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const response = await http()
      .get('/api/v1/widgets/w_a')
      .set('Authorization', `Bearer ${issued.key}`)
      .expect(401);
    expect(response.body.code).toBe('invalid_key');
  });

  it("answers a key without the route's scope with 403 insufficient_scope", async () => {
    const key = await issueKey(partnerA, [Scope.OnboardingWrite]);
    const response = await http()
      .get('/api/v1/widgets/w_a')
      .set('Authorization', `Bearer ${key}`)
      .expect(403);
    expect(response.headers['content-type']).toContain(PROBLEM_JSON);
    expect(response.body).toMatchObject({
      status: 403,
      code: 'insufficient_scope',
      required_scope: Scope.AccountRead,
    });
  });

  it("answers another partner's resource with 404 (the service scopes by principal)", async () => {
    const key = await issueKey(partnerB);
    const response = await http()
      .get('/api/v1/widgets/w_a')
      .set('Authorization', `Bearer ${key}`)
      .expect(404);
    expect(response.headers['content-type']).toContain(PROBLEM_JSON);
    expect(response.body).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('answers an unknown route with 404 problem+json', async () => {
    const key = await issueKey(partnerA);
    for (const path of ['/api/v1/nothing-here', '/api/v1/widgets/a/b', '/api/v1/widgets/..']) {
      const response = await http().get(path).set('Authorization', `Bearer ${key}`).expect(404);
      expect(response.headers['content-type']).toContain(PROBLEM_JSON);
      expect(response.body).toMatchObject({ status: 404, code: 'not_found' });
    }
    await http().delete('/api/v1/widgets/w_a').set('Authorization', `Bearer ${key}`).expect(404);
    await http().get('/somewhere/else').set('Authorization', `Bearer ${key}`).expect(404);
  });

  it('rejects a request straight to the service with a missing or forged principal', async () => {
    const direct = request(service.url);
    const missing = await direct.get('/api/v1/widgets/w_a').expect(401);
    expect(missing.body.code).toBe('invalid_principal');
    const principal = {
      partnerId: partnerA,
      channels: ['acme-shop'],
      scopes: [Scope.AccountRead],
      keyId: 'k',
      requestId: 'r',
    };
    const forged = signPrincipal(principal, 'not-the-internal-secret-'.repeat(2));
    const forgedResponse = await direct.get('/api/v1/widgets/w_a').set(forged).expect(401);
    expect(forgedResponse.headers['content-type']).toContain(PROBLEM_JSON);
    const tampered = signPrincipal(principal, 'x'.repeat(32));
    const otherPartner = Buffer.from(
      JSON.stringify({ ...principal, partnerId: partnerB, iat: Math.floor(Date.now() / 1000) }),
    ).toString('base64url');
    await direct
      .get('/api/v1/widgets/w_a')
      .set({ ...tampered, 'x-pc-principal': otherPartner })
      .expect(401);
    await direct.get('/api/v1/widgets/w_a').set(tampered).expect(200);
  });

  it('assigns an X-Request-Id, echoes it and passes it to the service', async () => {
    const key = await issueKey(partnerA);
    const assigned = await http()
      .get('/api/v1/widgets/echo')
      .set('Authorization', `Bearer ${key}`)
      .expect(200);
    const id = assigned.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(assigned.body.headers['x-request-id']).toBe(id);
    expect(assigned.body.principal.requestId).toBe(id);

    const given = await http()
      .get('/api/v1/widgets/echo')
      .set('Authorization', `Bearer ${key}`)
      .set('X-Request-Id', 'partner-req-42')
      .expect(200);
    expect(given.headers['x-request-id']).toBe('partner-req-42');
    expect(given.body.principal.requestId).toBe('partner-req-42');

    const denied = await http()
      .get('/api/v1/widgets/echo')
      .set('X-Request-Id', 'partner-req-43')
      .expect(401);
    expect(denied.headers['x-request-id']).toBe('partner-req-43');
  });

  it('strips the key and forged principal headers, passes Idempotency-Key and the JSON body as sent', async () => {
    const key = await issueKey(partnerA);
    const forged = signPrincipal(
      {
        partnerId: partnerB,
        channels: ['globex'],
        scopes: [Scope.OnboardingWrite],
        keyId: 'k',
        requestId: 'r',
      },
      'x'.repeat(32),
    );
    const raw = '{"name":"w","nested":{"n":1},  "spaced" : true}';
    const response = await http()
      .post('/api/v1/widgets/echo?verbose=1')
      .set('Authorization', `Bearer ${key}`)
      .set(forged)
      .set('x-pc-principal-extra', 'forged')
      .set('Idempotency-Key', 'idem-123')
      .set('Content-Type', 'application/json')
      .send(raw)
      .expect(201);
    expect(response.body.principal).toMatchObject({ partnerId: partnerA, channels: ['acme-shop'] });
    expect(response.body.principal.scopes).toContain(Scope.OnboardingWrite);
    expect(response.body.headers.authorization).toBeUndefined();
    expect(response.body.headers['x-pc-principal-extra']).toBeUndefined();
    expect(response.body.headers['idempotency-key']).toBe('idem-123');
    expect(response.body.headers['content-length']).toBe(String(Buffer.byteLength(raw)));
    expect(response.body.body).toEqual({ name: 'w', nested: { n: 1 }, spaced: true });
  });

  it('streams a multipart upload through intact', async () => {
    const key = await issueKey(partnerA);
    const file = randomBytes(700 * 1024);
    const response = await http()
      .post('/api/v1/widgets/uploads')
      .set('Authorization', `Bearer ${key}`)
      .field('document_type', 'id_card')
      .attach('file', file, { filename: 'passport.pdf', contentType: 'application/pdf' })
      .expect(201);
    expect(response.body).toEqual({
      filename: 'passport.pdf',
      mimetype: 'application/pdf',
      size: file.length,
      sha256: createHash('sha256').update(file).digest('hex'),
      fields: { document_type: 'id_card' },
    });
  });

  it('limits each key to its rate with 429, Retry-After and RateLimit headers', async () => {
    const key = await issueKey(partnerA);
    const other = await issueKey(partnerA);
    for (let call = 0; call < 20; call += 1) {
      await http().get('/api/v1/widgets/w_a').set('Authorization', `Bearer ${key}`).expect(200);
    }
    const limited = await http()
      .get('/api/v1/widgets/w_a')
      .set('Authorization', `Bearer ${key}`)
      .expect(429);
    expect(limited.headers['content-type']).toContain(PROBLEM_JSON);
    expect(limited.body).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    await http().get('/api/v1/widgets/w_a').set('Authorization', `Bearer ${other}`).expect(200);
  });

  it('serves the merged OpenAPI document and the interactive docs', async () => {
    const document = (await http().get('/api/v1/openapi.json').expect(200)).body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/widgets/{id}',
        '/api/v1/widgets/uploads',
        '/api/v1/widgets/echo',
      ]),
    );
    expect(document.paths['/api/v1/widgets/{id}'].get.security).toEqual([
      { partner_key: [Scope.AccountRead] },
    ]);
    expect(document.components.securitySchemes.partner_key).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.servers).toEqual([{ url: 'https://api.partner-connect.test' }]);
    const docs = await http().get('/docs').expect(200);
    expect(docs.text).toContain('swagger-ui');
  });

  it('serves Prometheus metrics including its own', async () => {
    const key = await issueKey(partnerA);
    await http().get('/api/v1/widgets/w_a').set('Authorization', `Bearer ${key}`).expect(200);
    const metrics = (await http().get('/metrics').expect(200)).text;
    expect(metrics).toContain(
      'gateway_upstream_request_duration_seconds_count{service="merchant-account",route="/api/v1/widgets/{id}",method="GET",status="200"}',
    );
    expect(metrics).toContain('gateway_route_table_services_loaded 1');
  });

  it('answers 503 problem+json when the service is unreachable', async () => {
    const key = await issueKey(partnerA);
    await service.app.close();
    const response = await http()
      .get('/api/v1/widgets/w_a')
      .set('Authorization', `Bearer ${key}`)
      .expect(503);
    expect(response.headers['content-type']).toContain(PROBLEM_JSON);
    expect(response.body).toMatchObject({ status: 503, code: 'service_unavailable' });
  });
});
