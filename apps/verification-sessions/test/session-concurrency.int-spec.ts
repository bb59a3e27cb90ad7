import { DataSource } from 'typeorm';
import type { DomainEvent } from '@pc/contracts';
import {
  BASE,
  createSession,
  eventually,
  partnerClient,
  sandbox,
  sleep,
  startService,
  type PartnerClient,
  type TestService,
} from './support';

// The integration project's testTimeout is not applied when unit and integration projects run together.
jest.setTimeout(30_000);

const TERMINAL = ['verification.completed', 'verification.failed', 'verification.expired'];

function terminalEventsBySession(events: DomainEvent[]): Map<string, DomainEvent[]> {
  const bySession = new Map<string, DomainEvent[]>();
  for (const event of events.filter((candidate) => TERMINAL.includes(candidate.type))) {
    const id = (event.data as { verification_session_id: string }).verification_session_id;
    bySession.set(id, [...(bySession.get(id) ?? []), event]);
  }
  return bySession;
}

describe('concurrent finishes (real PostgreSQL and RabbitMQ)', () => {
  let service: TestService;
  let api: PartnerClient;

  beforeAll(async () => {
    // Small batches and a short interval make the two sweepers contend for the same rows.
    service = await startService('vs_race', {
      EXPIRY_INTERVAL_MS: '50',
      EXPIRY_BATCH_SIZE: '20',
      DATABASE_POOL_SIZE: '20',
    });
    api = partnerClient(service.app, 'prt_race');
  });

  afterAll(() => service.stop());

  it('DELETE racing completion, many times over: one terminal state, one terminal event', async () => {
    const rounds = 60;
    const sessions = await Promise.all(Array.from({ length: rounds }, () => createSession(api)));
    const outcomes = await Promise.all(
      sessions.map(async (session, index) => {
        const complete = () =>
          api.post(sandbox(session.id), { outcome: index % 2 ? 'verified' : 'rejected' });
        const remove = () => api.delete(`${BASE}/${session.id}`);
        const [first, second] = index % 3 ? [complete(), remove()] : [remove(), complete()];
        return Promise.all([first, second]);
      }),
    );
    for (const responses of outcomes) {
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      expect(responses.find((response) => response.status === 409)?.body.code).toBe(
        'session_finished',
      );
    }
    const ids = new Set(sessions.map((session) => session.id));
    await eventually(
      () =>
        [...terminalEventsBySession(service.capture.events).keys()].filter((id) => ids.has(id))
          .length === rounds,
    );
    await sleep(500);
    const bySession = terminalEventsBySession(service.capture.events);
    for (const session of sessions) {
      const events = bySession.get(session.id) ?? [];
      expect(events).toHaveLength(1);
      const stored = (await api.get(`${BASE}/${session.id}`).expect(200)).body;
      expect((events[0].data as { status: string }).status).toBe(stored.status);
    }
    const winners = outcomes.map(
      (responses) => responses.find((response) => response.status === 200)?.body.status,
    );
    expect(new Set(winners).size).toBeGreaterThan(1);
  });

  it('two expiry workers expire each session exactly once', async () => {
    const replica = await service.replica({ EXPIRY_INTERVAL_MS: '50', EXPIRY_BATCH_SIZE: '20' });
    const replicaApi = partnerClient(replica, 'prt_race');
    const count = 300;
    const sessions: { id: string }[] = [];
    for (let i = 0; i < count; i += 30) {
      const batch = await Promise.all(
        Array.from({ length: 30 }, (_unused, j) =>
          createSession((i + j) % 2 ? api : replicaApi, { provider: 'mobywatel', ttl_seconds: 1 }),
        ),
      );
      sessions.push(...batch);
    }
    const ids = new Set(sessions.map((session) => session.id));
    const expiredCount = () =>
      service.capture.events.filter(
        (event) =>
          event.type === 'verification.expired' &&
          ids.has((event.data as { verification_session_id: string }).verification_session_id),
      ).length;
    await eventually(() => expiredCount() >= count, 15_000);
    await sleep(500);
    expect(expiredCount()).toBe(count);
    const bySession = terminalEventsBySession(service.capture.events);
    expect(sessions.every((session) => bySession.get(session.id)?.length === 1)).toBe(true);
    const [row] = await service.app
      .get(DataSource)
      .query(
        `SELECT count(*)::int AS n FROM verification_sessions WHERE id = ANY($1::uuid[]) AND status = 'expired' AND expiry_reason = 'ttl'`,
        [[...ids]],
      );
    expect(row.n).toBe(count);
  });
});
