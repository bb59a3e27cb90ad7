import request from 'supertest';
import { Scope, VerificationEvent } from '@pc/contracts';
import {
  BASE,
  createSession,
  eventsOf,
  partnerClient,
  sandbox,
  sleep,
  startService,
  type PartnerClient,
  type TestService,
} from './support';

// The integration project's testTimeout is not applied when unit and integration projects run together.
jest.setTimeout(30_000);

describe('verification sessions API (real PostgreSQL and RabbitMQ)', () => {
  let service: TestService;
  let api: PartnerClient;
  let other: PartnerClient;

  beforeAll(async () => {
    service = await startService('vs_api');
    api = partnerClient(service.app, 'prt_api');
    other = partnerClient(service.app, 'prt_other');
  });

  afterAll(() => service.stop());

  it('creates a session (201, Location) and gets it back', async () => {
    const created = await api
      .post(BASE, {
        provider: 'bank_transfer',
        mode: 'sequential',
        steps: ['transfer_received', 'payer_name_match'],
      })
      .expect(201);
    expect(created.headers.location).toBe(`${BASE}/${created.body.id}`);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      external_id: null,
      provider: 'bank_transfer',
      mode: 'sequential',
      status: 'pending',
      result_status: null,
      steps: [
        { name: 'transfer_received', status: 'pending', result_status: null, completed_at: null },
        { name: 'payer_name_match', status: 'pending', result_status: null, completed_at: null },
      ],
      ttl_seconds: 3600,
      expires_at: expect.any(String),
      expiry_reason: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      finished_at: null,
    });
    expect(Date.parse(created.body.expires_at) - Date.parse(created.body.created_at)).toBe(
      3600_000,
    );
    const fetched = await api.get(`${BASE}/${created.body.id}`).expect(200);
    expect(fetched.body).toEqual(created.body);
  });

  describe('external_id is an idempotent key', () => {
    it('the same request returns the existing session with 200 and emits nothing new', async () => {
      const body = { provider: 'mobywatel', external_id: 'order-1', ttl_seconds: 600 };
      const first = await api.post(BASE, body).expect(201);
      const again = await api.post(BASE, body).expect(200);
      expect(again.body).toEqual(first.body);
      await service.capture.waitFor(
        (event) =>
          event.type === VerificationEvent.Created &&
          (event.data as { verification_session_id: string }).verification_session_id ===
            first.body.id,
      );
      await sleep(200);
      expect(eventsOf(service.capture, first.body.id)).toHaveLength(1);
    });

    it('concurrent creates with one external_id make one session', async () => {
      const body = { provider: 'ais_psd2', external_id: 'order-race' };
      const responses = await Promise.all(Array.from({ length: 8 }, () => api.post(BASE, body)));
      expect(responses.map((response) => response.status).sort()).toEqual([
        200, 200, 200, 200, 200, 200, 200, 201,
      ]);
      expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
    });

    it('a different request with the same external_id is 409 external_id_conflict', async () => {
      const first = await api
        .post(BASE, { provider: 'mobywatel', external_id: 'order-2' })
        .expect(201);
      const conflict = await api
        .post(BASE, { provider: 'ais_psd2', external_id: 'order-2' })
        .expect(409);
      expect(conflict.body).toMatchObject({
        code: 'external_id_conflict',
        verification_session_id: first.body.id,
      });
    });

    it('is per partner', async () => {
      await api.post(BASE, { provider: 'mobywatel', external_id: 'shared-ref' }).expect(201);
      await other.post(BASE, { provider: 'bank_transfer', external_id: 'shared-ref' }).expect(201);
    });
  });

  it("another partner's session is 404 on every route", async () => {
    const session = await createSession(api);
    for (const response of [
      await other.get(`${BASE}/${session.id}`),
      await other.get(`${BASE}/${session.id}/result`),
      await other.delete(`${BASE}/${session.id}`),
      await other.post(sandbox(session.id), {}),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('not_found');
    }
    expect(
      (await other.get(`${BASE}?per_page=200`)).body.data.map((s: { id: string }) => s.id),
    ).not.toContain(session.id);
  });

  it('result is 409 result_not_available until the session finishes', async () => {
    const session = await createSession(api, { provider: 'mobywatel' });
    const pending = await api.get(`${BASE}/${session.id}/result`).expect(409);
    expect(pending.headers['content-type']).toContain('application/problem+json');
    expect(pending.body).toMatchObject({ code: 'result_not_available', session_status: 'pending' });
    await api
      .post(sandbox(session.id), { evidence: { given_name: 'Anna', family_name: 'Nowak' } })
      .expect(200);
    const result = await api.get(`${BASE}/${session.id}/result`).expect(200);
    expect(result.body).toMatchObject({
      status: 'completed',
      result_status: 'verified',
      confidence_score: 0.97,
      verified_data: { given_name: 'Anna', family_name: 'Nowak', date_of_birth: '1985-04-12' },
      rejection_reasons: [],
    });
    const deleted = await createSession(api);
    await api.delete(`${BASE}/${deleted.id}`).expect(200);
    expect((await api.get(`${BASE}/${deleted.id}/result`).expect(409)).body.session_status).toBe(
      'expired',
    );
  });

  it('a second DELETE is 409 session_finished', async () => {
    const session = await createSession(api);
    await api.delete(`${BASE}/${session.id}`).expect(200);
    expect((await api.delete(`${BASE}/${session.id}`).expect(409)).body).toMatchObject({
      code: 'session_finished',
      session_status: 'expired',
    });
  });

  it('lists with filters, newest first', async () => {
    const partner = partnerClient(service.app, 'prt_list');
    const a = await createSession(partner, { provider: 'bank_transfer', external_id: 'list-a' });
    const b = await createSession(partner, { provider: 'mobywatel' });
    const c = await createSession(partner, { provider: 'bank_transfer' });
    await partner.post(sandbox(c.id), { outcome: 'rejected' }).expect(200);
    const ids = async (query: string) =>
      (await partner.get(`${BASE}${query}`).expect(200)).body.data.map((s: { id: string }) => s.id);
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?provider=bank_transfer')).toEqual([c.id, a.id]);
    expect(await ids('?status=failed')).toEqual([c.id]);
    expect(await ids('?external_id=list-a')).toEqual([a.id]);
    const fetchedB = (await partner.get(`${BASE}/${b.id}`)).body;
    expect(
      await ids(
        `?created_from=${encodeURIComponent(fetchedB.created_at)}&created_to=${encodeURIComponent(new Date(Date.parse(fetchedB.created_at) + 1).toISOString())}`,
      ),
    ).toEqual([b.id]);
    expect(
      await ids(`?updated_from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`),
    ).toEqual([]);
    const firstPage = await partner.get(`${BASE}?per_page=2`).expect(200);
    expect(firstPage.body.data).toHaveLength(2);
    const secondPage = await partner
      .get(`${BASE}?per_page=2&cursor=${firstPage.body.next_cursor}`)
      .expect(200);
    expect(secondPage.body).toEqual({
      data: [expect.objectContaining({ id: a.id })],
      next_cursor: null,
    });
  });

  describe('bad input is 422 or 404 problem+json, never 500', () => {
    const session = () => createSession(api);
    it.each([
      ['unknown provider', { provider: 'passport' }, 'provider'],
      ['missing provider', {}, 'provider'],
      ['bad mode', { provider: 'bank_transfer', mode: 'parallel' }, 'mode'],
      [
        'steps in single mode',
        { provider: 'bank_transfer', steps: ['transfer_received', 'payer_name_match'] },
        'steps',
      ],
      [
        'too few steps',
        { provider: 'bank_transfer', mode: 'sequential', steps: ['transfer_received'] },
        'steps',
      ],
      [
        'unknown step',
        { provider: 'bank_transfer', mode: 'dynamic', steps: ['transfer_received', 'selfie'] },
        'steps',
      ],
      ['steps not strings', { provider: 'bank_transfer', mode: 'dynamic', steps: [1, 2] }, 'steps'],
      [
        'steps not an array',
        { provider: 'bank_transfer', mode: 'dynamic', steps: 'transfer_received' },
        'steps',
      ],
      ['ttl below bounds', { provider: 'bank_transfer', ttl_seconds: 0 }, 'ttl_seconds'],
      ['ttl above bounds', { provider: 'bank_transfer', ttl_seconds: 604_801 }, 'ttl_seconds'],
      ['ttl as a string', { provider: 'bank_transfer', ttl_seconds: '600' }, 'ttl_seconds'],
      ['ttl fractional', { provider: 'bank_transfer', ttl_seconds: 60.5 }, 'ttl_seconds'],
      ['external_id empty', { provider: 'bank_transfer', external_id: '' }, 'external_id'],
      ['external_id a number', { provider: 'bank_transfer', external_id: 42 }, 'external_id'],
      ['unknown field', { provider: 'bank_transfer', callback_url: 'https://x' }, 'callback_url'],
    ])('create with %s → 422', async (_name, body, field) => {
      const response = await api.post(BASE, body);
      expect(response.status).toBe(422);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    });

    it('a body that is not JSON is 400 problem+json', async () => {
      const response = await api
        .post(BASE)
        .set('content-type', 'application/json')
        .send('{"provider":');
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('malformed_body');
    });

    it.each(['not-a-uuid', '123', '6f1c2d3e-0000-4000-8000-00000000000g', '%27%3B--'])(
      'malformed id %s → 404',
      async (id) => {
        for (const response of [
          await api.get(`${BASE}/${id}`),
          await api.get(`${BASE}/${id}/result`),
          await api.delete(`${BASE}/${id}`),
          await api.post(sandbox(id), {}),
        ]) {
          expect(response.status).toBe(404);
          expect(response.body.code).toBe('not_found');
        }
      },
    );

    it('an unknown id is 404', async () => {
      await api.get(`${BASE}/00000000-0000-4000-8000-000000000000`).expect(404);
    });

    it.each([
      ['per_page over 200', '?per_page=201'],
      ['per_page not a number', '?per_page=many'],
      ['unknown status', '?status=done'],
      ['unknown provider', '?provider=passport'],
      ['bad date', '?created_from=yesterday'],
      ['empty range', '?created_from=2025-02-01T00:00:00Z&created_to=2025-01-01T00:00:00Z'],
      ['forged cursor', `?cursor=${Buffer.from('{"k":"x","id":"y"}').toString('base64url')}`],
      ['garbage cursor', '?cursor=!!!'],
      ['unknown parameter', '?sort=asc'],
    ])('list with %s → 422', async (_name, query) => {
      const response = await api.get(`${BASE}${query}`);
      expect(response.status).toBe(422);
      expect(response.headers['content-type']).toContain('application/problem+json');
    });

    it.each([
      ['unknown outcome', { outcome: 'maybe' }],
      ['a step in single mode', { step: 'transfer_received' }],
      ['reasons without rejection', { rejection_reasons: ['payer_name_mismatch'] }],
      ["another provider's reason", { outcome: 'rejected', rejection_reasons: ['consent_denied'] }],
      ['invalid IBAN evidence', { evidence: { payer_account: 'PL12' } }],
      ["another provider's evidence", { evidence: { account_holder: 'Jan Kowalski' } }],
      ['unknown evidence field', { evidence: { selfie: 'x' } }],
      ['evidence not an object', { evidence: 'Jan' }],
      ['finish outside dynamic mode', { finish: true }],
    ])('sandbox report with %s → 422', async (_name, body) => {
      const response = await api.post(sandbox((await session()).id), body);
      expect(response.status).toBe(422);
      expect(response.body.errors.length).toBeGreaterThan(0);
    });
  });

  it('needs the right scope', async () => {
    const readOnly = partnerClient(service.app, 'prt_api', [Scope.VerificationsRead]);
    expect((await readOnly.post(BASE, { provider: 'bank_transfer' })).status).toBe(403);
    const session = await createSession(api);
    expect((await readOnly.delete(`${BASE}/${session.id}`)).status).toBe(403);
    await readOnly.get(`${BASE}/${session.id}`).expect(200);
    await request(service.app.getHttpServer()).get(BASE).expect(401);
  });

  it('documents every route with its scope in /openapi.json, sandbox included in sandbox mode', async () => {
    const document = (await request(service.app.getHttpServer()).get('/openapi.json').expect(200))
      .body;
    const scopes = (path: string, method: string) =>
      document.paths[path][method].security[0].partner_key;
    expect(scopes('/api/v1/verifications', 'post')).toEqual(['verifications:write']);
    expect(scopes('/api/v1/verifications', 'get')).toEqual(['verifications:read']);
    expect(scopes('/api/v1/verifications/{id}', 'get')).toEqual(['verifications:read']);
    expect(scopes('/api/v1/verifications/{id}', 'delete')).toEqual(['verifications:write']);
    expect(scopes('/api/v1/verifications/{id}/result', 'get')).toEqual(['verifications:read']);
    expect(scopes('/api/v1/verifications/{id}/sandbox/complete', 'post')).toEqual([
      'verifications:write',
    ]);
  });
});
