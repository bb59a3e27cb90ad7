import { DataSource } from 'typeorm';
import { OnboardingEvent } from '@pc/contracts';
import {
  as,
  expectProblem,
  fieldsOf,
  principal,
  startOnboardingApp,
  type OnboardingTestApp,
} from './support';

describe('onboarding drafts: create and list', () => {
  let t: OnboardingTestApp;
  const partnerA = principal();
  beforeAll(async () => {
    t = await startOnboardingApp({ captureEvents: true });
  });
  afterAll(async () => t.close());

  describe('create', () => {
    it("creates a draft (201) in the key's only channel and never returns a hosted-flow URL", async () => {
      const response = await as(t.app, partnerA)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'ext-1' })
        .expect(201);
      expect(response.body).toMatchObject({
        ref: 'ext-1',
        partner_external_ref: 'ext-1',
        channel: 'web',
        status: 'draft',
      });
      expect(JSON.stringify(response.body)).not.toMatch(/next_action|https?:/);
      const created = await t.events!.waitFor(
        (event) =>
          event.type === OnboardingEvent.Created && (event.data as { ref: string }).ref === 'ext-1',
      );
      expect(created.owner).toEqual({ partner_id: 'partner-a', channel: 'web' });
      expect(created.data).toMatchObject({
        onboarding_id: response.body.id,
        status: 'draft',
        channel: 'web',
      });
    });

    it('returns the existing draft with 200 and the identical body for the same partner_external_ref', async () => {
      const first = await as(t.app, partnerA)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'ext-2', ref: 'merchant-2' })
        .expect(201);
      const again = await as(t.app, partnerA)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'ext-2', ref: 'merchant-2' })
        .expect(200);
      const withoutRef = await as(t.app, partnerA)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'ext-2' })
        .expect(200);
      expect(again.body).toEqual(first.body);
      expect(withoutRef.body).toEqual(first.body);
    });

    it('answers 50 concurrent creates with one 201 and 49 × 200 for one draft', async () => {
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          as(t.app, partnerA).post('/api/v1/onboarding').send({ partner_external_ref: 'race-1' }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 200)).toHaveLength(49);
      expect(new Set(responses.map((response) => JSON.stringify(response.body))).size).toBe(1);
      const [{ count }] = await t.app
        .get(DataSource)
        .query(
          `SELECT count(*)::int AS count FROM onboardings WHERE partner_external_ref = 'race-1'`,
        );
      expect(count).toBe(1);
    });

    it('keys idempotency per channel: the same external ref in two channels is two drafts', async () => {
      const multi = principal({ partnerId: 'partner-m', channels: ['shop', 'app'] });
      const inShop = await as(t.app, multi)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'x-1', ref: 'x-1-shop', channel: 'shop' })
        .expect(201);
      const inApp = await as(t.app, multi)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'x-1', ref: 'x-1-app', channel: 'app' })
        .expect(201);
      expect(inShop.body.id).not.toBe(inApp.body.id);
      expect(inApp.body.channel).toBe('app');
    });

    it('needs the channel when the key owns several (422) and refuses one it does not own, creating nothing', async () => {
      const multi = principal({ partnerId: 'partner-n', channels: ['shop', 'app'] });
      const missing = await as(t.app, multi)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'y-1' })
        .expect(422);
      expect(fieldsOf(missing.body)).toEqual(['channel:required']);
      const foreign = await as(t.app, multi)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'y-1', channel: 'web' })
        .expect(422);
      expectProblem(foreign.body, 422, 'channel_not_owned');
      const single = await as(t.app, partnerA)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'y-2', channel: 'other' })
        .expect(422);
      expect(fieldsOf(single.body)).toEqual(['channel:channel_not_owned']);
      const list = await as(t.app, multi).get('/api/v1/onboarding').expect(200);
      expect(list.body.data).toEqual([]);
    });

    it('keeps refs unique per partner: 409 ref_taken, 409 ref_mismatch', async () => {
      await as(t.app, partnerA)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'z-1', ref: 'taken' })
        .expect(201);
      const taken = await as(t.app, partnerA)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'z-2', ref: 'taken' })
        .expect(409);
      expectProblem(taken.body, 409, 'ref_taken');
      const mismatch = await as(t.app, partnerA)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'z-1', ref: 'other' })
        .expect(409);
      expectProblem(mismatch.body, 409, 'ref_mismatch');
      await as(t.app, principal({ partnerId: 'partner-b' }))
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'z-1', ref: 'taken' })
        .expect(201);
    });

    it('rejects malformed bodies with 422 naming the fields', async () => {
      const response = await as(t.app, partnerA)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 5, ref: 'bad ref', extra: 1 })
        .expect(422);
      expect(fieldsOf(response.body)).toEqual(
        expect.arrayContaining([
          'partner_external_ref:must_be_string',
          'ref:invalid_format',
          'extra:unknown_field',
        ]),
      );
      const derived = await as(t.app, partnerA)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'has/slash' })
        .expect(422);
      expect(fieldsOf(derived.body)).toEqual(['ref:required']);
    });

    it('needs onboarding:write', async () => {
      const reader = principal({ scopes: ['onboarding:read'] });
      const response = await as(t.app, reader)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'w-1' })
        .expect(403);
      expectProblem(response.body, 403, 'insufficient_scope');
    });
  });

  describe('list', () => {
    const lister = principal({ partnerId: 'partner-list', channels: ['c1', 'c2'] });
    const refs: string[] = [];
    beforeAll(async () => {
      for (let i = 0; i < 7; i++) {
        const ref = `list-${i}`;
        await as(t.app, lister)
          .post('/api/v1/onboarding')
          .send({ partner_external_ref: ref, channel: i % 2 ? 'c1' : 'c2' })
          .expect(201);
        refs.push(ref);
      }
    });

    it('lists light rows newest first, page by page, with null next_cursor at the end', async () => {
      const first = await as(t.app, lister).get('/api/v1/onboarding?per_page=3').expect(200);
      expect(first.body.data.map((row: { ref: string }) => row.ref)).toEqual([
        'list-6',
        'list-5',
        'list-4',
      ]);
      expect(Object.keys(first.body.data[0]).sort()).toEqual(['channel', 'id', 'ref', 'status']);
      const second = await as(t.app, lister)
        .get(`/api/v1/onboarding?per_page=3&cursor=${first.body.next_cursor}`)
        .expect(200);
      expect(second.body.data.map((row: { ref: string }) => row.ref)).toEqual([
        'list-3',
        'list-2',
        'list-1',
      ]);
      const last = await as(t.app, lister)
        .get(`/api/v1/onboarding?per_page=3&cursor=${second.body.next_cursor}`)
        .expect(200);
      expect(last.body).toEqual({
        data: [expect.objectContaining({ ref: 'list-0' })],
        next_cursor: null,
      });
    });

    it('stays stable while drafts are created between pages', async () => {
      const first = await as(t.app, lister).get('/api/v1/onboarding?per_page=4').expect(200);
      await as(t.app, lister)
        .post('/api/v1/onboarding')
        .send({ partner_external_ref: 'list-new', channel: 'c1' })
        .expect(201);
      const second = await as(t.app, lister)
        .get(`/api/v1/onboarding?per_page=4&cursor=${first.body.next_cursor}`)
        .expect(200);
      const seen = [...first.body.data, ...second.body.data].map((row: { ref: string }) => row.ref);
      expect(seen).toEqual(['list-6', 'list-5', 'list-4', 'list-3', 'list-2', 'list-1', 'list-0']);
    });

    it('defaults to 50 and accepts 1 to 200 per page', async () => {
      const many = principal({ partnerId: 'partner-many' });
      await Promise.all(
        Array.from({ length: 55 }, (_, i) =>
          as(t.app, many)
            .post('/api/v1/onboarding')
            .send({ partner_external_ref: `m-${i}` })
            .expect(201),
        ),
      );
      const page = await as(t.app, many).get('/api/v1/onboarding').expect(200);
      expect(page.body.data).toHaveLength(50);
      expect(page.body.next_cursor).not.toBeNull();
      const all = await as(t.app, many).get('/api/v1/onboarding?per_page=200').expect(200);
      expect(all.body.data).toHaveLength(55);
      for (const bad of ['0', '201', '-1', '1.5', 'abc']) {
        const response = await as(t.app, many)
          .get(`/api/v1/onboarding?per_page=${bad}`)
          .expect(422);
        expect(fieldsOf(response.body)[0]).toMatch(/^per_page:/);
      }
      const cursor = await as(t.app, many).get('/api/v1/onboarding?cursor=garbage').expect(422);
      expect(fieldsOf(cursor.body)).toEqual(['cursor:invalid_cursor']);
    });

    it("shows only the caller's channels", async () => {
      const onlyC1 = { ...lister, channels: ['c1'] };
      const page = await as(t.app, onlyC1).get('/api/v1/onboarding?per_page=200').expect(200);
      expect(page.body.data.every((row: { channel: string }) => row.channel === 'c1')).toBe(true);
      expect(page.body.data.length).toBeGreaterThan(0);
      await as(t.app, principal({ scopes: ['onboarding:write'] }))
        .get('/api/v1/onboarding')
        .expect(403);
    });
  });
});
