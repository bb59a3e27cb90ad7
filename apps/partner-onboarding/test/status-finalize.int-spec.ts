import { DataSource } from 'typeorm';
import { OnboardingEvent } from '@pc/contracts';
import { ExpireStaleDrafts } from '../src/onboardings/expire-stale-drafts';
import {
  as,
  bankProfile,
  COMPANY,
  createDraft,
  expectProblem,
  principal,
  startOnboardingApp,
  type OnboardingTestApp,
} from './support';

describe('onboarding status, finalize and status changes', () => {
  let t: OnboardingTestApp;
  const partnerA = principal();
  beforeAll(async () => {
    t = await startOnboardingApp({ captureEvents: true });
  });
  afterAll(async () => t.close());

  describe('status and finalize', () => {
    it('returns the full status with next_action and invited; 404 for other partners and channels', async () => {
      const ref = await createDraft(t.app, partnerA);
      const response = await as(t.app, partnerA).get(`/api/v1/onboarding/${ref}`).expect(200);
      expect(response.body).toMatchObject({ ref, channel: 'web', status: 'draft', invited: [] });
      expect(response.body.next_action.url).toMatch(
        /^http:\/\/hosted\.test\/onboarding\/[\w-]+\.[\w-]{43}$/,
      );
      for (const stranger of [
        principal({ partnerId: 'partner-b' }),
        principal({ channels: ['other'] }),
      ]) {
        const missing = await as(t.app, stranger).get(`/api/v1/onboarding/${ref}`).expect(404);
        expectProblem(missing.body, 404, 'not_found');
        await as(t.app, stranger).post(`/api/v1/onboarding/${ref}/finalize`).expect(404);
      }
      await as(t.app, partnerA).get('/api/v1/onboarding/no-such-ref').expect(404);
    });

    it('finalize is read-only and always 200, listing what is missing', async () => {
      const ref = await createDraft(t.app, partnerA);
      const empty = await as(t.app, partnerA)
        .post(`/api/v1/onboarding/${ref}/finalize`)
        .expect(200);
      expect(empty.body).toMatchObject({
        ref,
        status: 'draft',
        missing: ['company', 'bank_account_profile'],
        required_documents: [],
      });
      expect(empty.body.next_action.url).toMatch(/^http:\/\/hosted\.test\/onboarding\//);
      await as(t.app, partnerA)
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send(COMPANY.jointBoard)
        .expect(200);
      const company = await as(t.app, partnerA)
        .post(`/api/v1/onboarding/${ref}/finalize`)
        .expect(200);
      expect(company.body.missing).toEqual([
        'bank_account_profile',
        'representation',
        'beneficial_owners',
      ]);
      const before = await t.app
        .get(DataSource)
        .query(`SELECT updated_at, status FROM onboardings WHERE ref = $1`, [ref]);
      await as(t.app, partnerA).post(`/api/v1/onboarding/${ref}/finalize`).expect(200);
      const after = await t.app
        .get(DataSource)
        .query(`SELECT updated_at, status FROM onboardings WHERE ref = $1`, [ref]);
      expect(after).toEqual(before);
    });

    it('moves draft → awaiting_merchant when the data completes, with a status_changed event', async () => {
      const ref = await createDraft(t.app, partnerA);
      await as(t.app, partnerA)
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send(COMPANY.naturalPerson)
        .expect(200);
      const saved = await as(t.app, partnerA)
        .put(`/api/v1/onboarding/${ref}/bank-account-profile`)
        .send(bankProfile({ main_activity_pkd: undefined }))
        .expect(200);
      expect(saved.body.status).toBe('awaiting_merchant');
      const finalize = await as(t.app, partnerA)
        .post(`/api/v1/onboarding/${ref}/finalize`)
        .expect(200);
      expect(finalize.body).toMatchObject({ status: 'awaiting_merchant', missing: [] });
      const changed = await t.events!.waitFor(
        (event) =>
          event.type === OnboardingEvent.StatusChanged &&
          (event.data as { ref: string }).ref === ref,
      );
      expect(changed.data).toMatchObject({ status: 'awaiting_merchant', previous_status: 'draft' });
    });

    it('expires drafts untouched for DRAFT_TTL_DAYS, with an event, closing them to changes', async () => {
      const stale = await createDraft(t.app, partnerA);
      const fresh = await createDraft(t.app, partnerA);
      await t.app
        .get(DataSource)
        .query(`UPDATE onboardings SET updated_at = now() - interval '91 days' WHERE ref = $1`, [
          stale,
        ]);
      expect(await t.app.get(ExpireStaleDrafts).run()).toBe(1);
      const status = await as(t.app, partnerA).get(`/api/v1/onboarding/${stale}`).expect(200);
      expect(status.body).toMatchObject({ status: 'expired', next_action: { url: null } });
      await as(t.app, partnerA)
        .get(`/api/v1/onboarding/${fresh}`)
        .expect(200)
        .expect((response) => expect(response.body.status).toBe('draft'));
      await as(t.app, partnerA)
        .put(`/api/v1/onboarding/${stale}/representation`)
        .send({ represents_company: true })
        .expect(409);
      const event = await t.events!.waitFor(
        (candidate) =>
          candidate.type === OnboardingEvent.StatusChanged &&
          (candidate.data as { ref: string }).ref === stale,
      );
      expect(event.data).toMatchObject({ status: 'expired', previous_status: 'draft' });
      expect(await t.app.get(ExpireStaleDrafts).run()).toBe(0);
    });

    it('offers no hosted URL once the merchant has nothing left to do', async () => {
      const ref = await createDraft(t.app, partnerA);
      await t.app
        .get(DataSource)
        .query(`UPDATE onboardings SET status = 'in_review' WHERE ref = $1`, [ref]);
      const status = await as(t.app, partnerA).get(`/api/v1/onboarding/${ref}`).expect(200);
      expect(status.body.next_action).toEqual({ url: null });
      const finalize = await as(t.app, partnerA)
        .post(`/api/v1/onboarding/${ref}/finalize`)
        .expect(200);
      expect(finalize.body.next_action).toEqual({ url: null });
      const locked = await as(t.app, partnerA)
        .patch(`/api/v1/onboarding/${ref}/company`)
        .send(COMPANY.naturalPerson)
        .expect(409);
      expectProblem(locked.body, 409, 'onboarding_not_editable');
    });
  });
});
