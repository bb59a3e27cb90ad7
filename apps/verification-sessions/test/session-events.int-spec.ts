import { VerificationEvent } from '@pc/contracts';
import {
  BASE,
  createSession,
  eventsOf,
  expectEnvelope,
  partnerClient,
  sandbox,
  sleep,
  startService,
  waitForEvent,
  type PartnerClient,
  type TestService,
} from './support';

// The integration project's testTimeout is not applied when unit and integration projects run together.
jest.setTimeout(30_000);

const PARTNER = 'prt_events';

/** Every row of the spec's state table (section 3) and event table (section 6), observed on RabbitMQ. */
describe('session states and events (real PostgreSQL and RabbitMQ)', () => {
  let service: TestService;
  let api: PartnerClient;

  beforeAll(async () => {
    service = await startService('vs_events', { EXPIRY_INTERVAL_MS: '100' });
    api = partnerClient(service.app, PARTNER);
  });

  afterAll(() => service.stop());

  const base = (id: string, externalId: string | null, provider: string) => ({
    verification_session_id: id,
    external_id: externalId,
    provider,
  });

  it('verification.created: a session is created (no result_status)', async () => {
    const session = await createSession(api, { provider: 'mobywatel', external_id: 'evt-created' });
    const event = await waitForEvent(service.capture, session.id, VerificationEvent.Created);
    expectEnvelope(event, 'verification.created', PARTNER, {
      ...base(session.id, 'evt-created', 'mobywatel'),
      status: 'pending',
    });
  });

  it.each([
    ['verified', 'completed', 'verification.completed'],
    ['inconclusive', 'completed', 'verification.completed'],
    ['rejected', 'failed', 'verification.failed'],
  ])('a %s result → %s + %s with result_status', async (outcome, status, type) => {
    const session = await createSession(api, { provider: 'bank_transfer' });
    const completed = await api.post(sandbox(session.id), { outcome }).expect(200);
    expect(completed.body).toMatchObject({ status, result_status: outcome });
    const event = await waitForEvent(service.capture, session.id, type);
    expectEnvelope(event, type, PARTNER, {
      ...base(session.id, null, 'bank_transfer'),
      status,
      result_status: outcome,
    });
  });

  it('the result of a rejected session carries its reasons', async () => {
    const session = await createSession(api, { provider: 'ais_psd2' });
    await api
      .post(sandbox(session.id), {
        outcome: 'rejected',
        rejection_reasons: ['account_holder_mismatch'],
      })
      .expect(200);
    const result = await api.get(`${BASE}/${session.id}/result`).expect(200);
    expect(result.body).toEqual({
      verification_session_id: session.id,
      status: 'failed',
      result_status: 'rejected',
      confidence_score: 0.1,
      verified_data: null,
      rejection_reasons: ['account_holder_mismatch'],
      steps: [],
      finished_at: expect.any(String),
    });
  });

  it('verification.expired on DELETE (no result_status)', async () => {
    const session = await createSession(api, { provider: 'ais_psd2', external_id: 'evt-deleted' });
    const deleted = await api.delete(`${BASE}/${session.id}`).expect(200);
    expect(deleted.body).toMatchObject({ status: 'expired', expiry_reason: 'deleted' });
    const event = await waitForEvent(service.capture, session.id, VerificationEvent.Expired);
    expectEnvelope(event, 'verification.expired', PARTNER, {
      ...base(session.id, 'evt-deleted', 'ais_psd2'),
      status: 'expired',
    });
  });

  it('verification.expired when the TTL elapses, within seconds', async () => {
    const session = await createSession(api, { provider: 'mobywatel', ttl_seconds: 1 });
    const event = await waitForEvent(service.capture, session.id, VerificationEvent.Expired, 4000);
    expectEnvelope(event, 'verification.expired', PARTNER, {
      ...base(session.id, null, 'mobywatel'),
      status: 'expired',
    });
    expect(
      Date.parse(event.created_at) -
        Date.parse((await api.get(`${BASE}/${session.id}`)).body.expires_at),
    ).toBeLessThan(1500);
    const fetched = await api.get(`${BASE}/${session.id}`).expect(200);
    expect(fetched.body).toMatchObject({ status: 'expired', expiry_reason: 'ttl' });
  });

  it.each(['sequential', 'dynamic'])(
    'verification.step_completed with status processing for each step in %s mode, then the terminal event',
    async (mode) => {
      const steps = ['identity_shared', 'document_valid', 'address_shared'];
      const session = await createSession(api, {
        provider: 'mobywatel',
        mode,
        steps,
        external_id: `steps-${mode}`,
      });
      const order =
        mode === 'dynamic' ? ['address_shared', 'identity_shared', 'document_valid'] : steps;
      await api.post(sandbox(session.id), { step: order[0] }).expect(200);
      const processing = await api
        .post(sandbox(session.id), { step: order[1], outcome: 'inconclusive' })
        .expect(200);
      expect(processing.body.status).toBe('processing');
      await api.post(sandbox(session.id), { step: order[2] }).expect(200);

      const completed = await waitForEvent(
        service.capture,
        session.id,
        VerificationEvent.Completed,
      );
      const stepEvents = eventsOf(service.capture, session.id, VerificationEvent.StepCompleted);
      expect(stepEvents).toHaveLength(2);
      for (const event of stepEvents) {
        expectEnvelope(event, 'verification.step_completed', PARTNER, {
          ...base(session.id, `steps-${mode}`, 'mobywatel'),
          status: 'processing',
        });
      }
      expectEnvelope(completed, 'verification.completed', PARTNER, {
        ...base(session.id, `steps-${mode}`, 'mobywatel'),
        status: 'completed',
        result_status: 'inconclusive',
      });
      const result = await api.get(`${BASE}/${session.id}/result`).expect(200);
      expect(
        result.body.steps.map((step: { result_status: string }) => step.result_status),
      ).toEqual(steps.map((step) => (step === order[1] ? 'inconclusive' : 'verified')));
    },
  );

  it('a rejected step fails the session: verification.failed, remaining steps skipped', async () => {
    const session = await createSession(api, {
      provider: 'bank_transfer',
      mode: 'sequential',
      steps: ['transfer_received', 'payer_name_match'],
    });
    await api
      .post(sandbox(session.id), {
        step: 'transfer_received',
        outcome: 'rejected',
        rejection_reasons: ['transfer_not_received'],
      })
      .expect(200);
    const event = await waitForEvent(service.capture, session.id, VerificationEvent.Failed);
    expectEnvelope(event, 'verification.failed', PARTNER, {
      ...base(session.id, null, 'bank_transfer'),
      status: 'failed',
      result_status: 'rejected',
    });
    const fetched = await api.get(`${BASE}/${session.id}`).expect(200);
    expect(fetched.body.steps.map((step: { status: string }) => step.status)).toEqual([
      'completed',
      'skipped',
    ]);
  });

  describe('illegal transitions are refused and emit nothing', () => {
    it('complete after expiry', async () => {
      const session = await createSession(api, { provider: 'bank_transfer' });
      await api.delete(`${BASE}/${session.id}`).expect(200);
      const refused = await api.post(sandbox(session.id), {}).expect(409);
      expect(refused.body).toMatchObject({ code: 'session_finished', session_status: 'expired' });
    });

    it('expire (DELETE) after completion', async () => {
      const session = await createSession(api, { provider: 'bank_transfer' });
      await api.post(sandbox(session.id), {}).expect(200);
      const refused = await api.delete(`${BASE}/${session.id}`).expect(409);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.body).toMatchObject({
        status: 409,
        code: 'session_finished',
        session_status: 'completed',
      });
    });

    it('step after finish, and steps out of order', async () => {
      const session = await createSession(api, {
        provider: 'ais_psd2',
        mode: 'sequential',
        steps: ['consent_granted', 'account_holder_read'],
      });
      expect(
        (await api.post(sandbox(session.id), { step: 'account_holder_read' }).expect(409)).body
          .code,
      ).toBe('step_out_of_order');
      await api
        .post(sandbox(session.id), { step: 'consent_granted', outcome: 'rejected' })
        .expect(200);
      expect(
        (await api.post(sandbox(session.id), { step: 'account_holder_read' }).expect(409)).body
          .code,
      ).toBe('session_finished');
    });

    afterAll(async () => {
      await sleep(300);
      const terminal = ['verification.completed', 'verification.failed', 'verification.expired'];
      const perSession = new Map<string, number>();
      for (const event of service.capture.events.filter((candidate) =>
        terminal.includes(candidate.type),
      )) {
        const id = (event.data as { verification_session_id: string }).verification_session_id;
        perSession.set(id, (perSession.get(id) ?? 0) + 1);
      }
      expect([...perSession.values()].every((count) => count === 1)).toBe(true);
    });
  });
});
