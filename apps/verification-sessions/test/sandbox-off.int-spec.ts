import request from 'supertest';
import { VerificationEvent } from '@pc/contracts';
import {
  BASE,
  createSession,
  eventsOf,
  partnerClient,
  sandbox,
  sleep,
  startService,
  waitForEvent,
  type TestService,
} from './support';

// The integration project's testTimeout is not applied when unit and integration projects run together.
jest.setTimeout(30_000);

describe('SANDBOX_MODE=false, expiry worker off (real PostgreSQL and RabbitMQ)', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startService('vs_nosandbox', {
      SANDBOX_MODE: 'false',
      EXPIRY_WORKER_ENABLED: 'false',
    });
  });

  afterAll(() => service.stop());

  it('has no sandbox API: the route does not exist and is not documented', async () => {
    const api = partnerClient(service.app, 'prt_live');
    const session = await createSession(api);
    const response = await api.post(sandbox(session.id), { outcome: 'verified' });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('not_found');
    expect(response.body.detail).toMatch(/Cannot POST/);
    const document = (await request(service.app.getHttpServer()).get('/openapi.json').expect(200))
      .body;
    expect(Object.keys(document.paths).filter((path) => path.includes('sandbox'))).toEqual([]);
    expect(Object.keys(document.paths)).toContain('/api/v1/verifications/{id}');
  });

  it('a session past its TTL expires before any other change, even before the sweeper sees it', async () => {
    const api = partnerClient(service.app, 'prt_live');
    const session = await createSession(api, { provider: 'ais_psd2', ttl_seconds: 1 });
    await sleep(1100);
    expect((await api.get(`${BASE}/${session.id}`).expect(200)).body.status).toBe('pending');
    const refused = await api.delete(`${BASE}/${session.id}`).expect(409);
    expect(refused.body).toMatchObject({ code: 'session_finished', session_status: 'expired' });
    expect((await api.get(`${BASE}/${session.id}`).expect(200)).body).toMatchObject({
      status: 'expired',
      expiry_reason: 'ttl',
    });
    await waitForEvent(service.capture, session.id, VerificationEvent.Expired);
    await sleep(200);
    expect(eventsOf(service.capture, session.id, VerificationEvent.Expired)).toHaveLength(1);
  });
});
