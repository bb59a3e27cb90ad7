import request from 'supertest';
import { DataSource } from 'typeorm';
import { OnboardingEvent } from '@pc/contracts';
import {
  as,
  bankProfile,
  beneficialOwner,
  COMPANY,
  createDraftWithCompany,
  expectProblem,
  fieldsOf,
  invitee,
  PDF,
  principal,
  startOnboardingApp,
  type OnboardingTestApp,
} from './support';

describe('onboarding invitations', () => {
  let t: OnboardingTestApp;
  const partner = principal();
  const api = () => as(t.app, partner);
  const draftOf = (company?: object) => createDraftWithCompany(t.app, partner, company);
  /** The hosted link the sandbox sent for an invitation. */
  const sentLink = async (invitationId: string) => {
    const sent = await api()
      .get(`/api/v1/sandbox/notifications?invitation_id=${invitationId}`)
      .expect(200);
    return sent.body.data[0].link as string;
  };
  const openLink = (link: string) =>
    request(t.app.getHttpServer()).get(`/internal/hosted-links/${link.split('/').pop()}`);

  beforeAll(async () => {
    t = await startOnboardingApp({ captureEvents: true });
  });
  afterAll(async () => t.close());

  it('the sandbox notification list refuses an invitation_id that is not a UUID', async () => {
    const response = await api()
      .get('/api/v1/sandbox/notifications?invitation_id=nope')
      .expect(422);
    expect(response.body.errors).toEqual([
      expect.objectContaining({ field: 'invitation_id', code: 'invalid_uuid' }),
    ]);
  });

  describe('invitations', () => {
    it('invites with a Polish mobile number, sends e-mail and SMS with the hosted link, and lists no personal data', async () => {
      const ref = await draftOf(COMPANY.jointBoard);
      const invited = await api()
        .post(`/api/v1/onboarding/${ref}/invitations`)
        .send(invitee())
        .expect(201);
      expect(invited.body).toEqual({
        invitation_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        role: 'representative',
        status: 'pending',
        expires_at: expect.any(String),
        created_at: expect.any(String),
      });
      const sent = await api()
        .get(`/api/v1/sandbox/notifications?invitation_id=${invited.body.invitation_id}`)
        .expect(200);
      expect(
        sent.body.data
          .map(
            (message: { medium: string; recipient: string }) =>
              `${message.medium}:${message.recipient}`,
          )
          .sort(),
      ).toEqual(['email:piotr@example.pl', 'sms:+48501234567']);
      for (const message of sent.body.data) expect(message.body).toContain(message.link);
      expect(sent.body.data[0].link).toMatch(/^http:\/\/hosted\.test\/invitations\//);
      await t.events!.waitFor(
        (event) =>
          event.type === OnboardingEvent.InvitationSent &&
          (event.data as { ref: string }).ref === ref,
      );
      const second = await api()
        .post(`/api/v1/onboarding/${ref}/invitations`)
        .send(invitee({ role: 'beneficial_owner', email: 'b@example.pl' }))
        .expect(201);
      const list = await api().get(`/api/v1/onboarding/${ref}/invitations`).expect(200);
      expect(list.body.data.map((row: { invitation_id: string }) => row.invitation_id)).toEqual([
        invited.body.invitation_id,
        second.body.invitation_id,
      ]);
      const status = await api().get(`/api/v1/onboarding/${ref}`).expect(200);
      expect(status.body.invited).toEqual(list.body.data);
      expect(JSON.stringify(list.body)).not.toMatch(/Piotr|example\.pl|501234567/);
    });

    it('rejects phones that are not 9-digit Polish mobile numbers and malformed people', async () => {
      const ref = await draftOf(COMPANY.jointBoard);
      for (const phone of ['221234567', '+48501234567', '50123456', '5012345678', 501234567]) {
        const response = await api()
          .post(`/api/v1/onboarding/${ref}/invitations`)
          .send(invitee({ phone }))
          .expect(422);
        expect(fieldsOf(response.body).some((field) => field.startsWith('phone:'))).toBe(true);
      }
      const bad = await api()
        .post(`/api/v1/onboarding/${ref}/invitations`)
        .send(invitee({ email: 'nope', role: 'ceo', first_name: '' }))
        .expect(422);
      expect(fieldsOf(bad.body)).toEqual(
        expect.arrayContaining([
          'email:invalid_email',
          'role:invalid_value',
          'first_name:too_short',
        ]),
      );
    });

    it('attaches an uploaded power of attorney to a proxy representative only', async () => {
      const ref = await draftOf(COMPANY.singleBoard);
      await api()
        .put(`/api/v1/onboarding/${ref}/representation`)
        .send({ represents_company: false })
        .expect(200);
      const poa = await api()
        .post(`/api/v1/onboarding/${ref}/documents`)
        .send({
          content_base64: PDF.toString('base64'),
          filename: 'poa.pdf',
          document_type: 'power_of_attorney',
          subject: 'representative',
        })
        .expect(201);
      const owner = await api()
        .post(`/api/v1/onboarding/${ref}/invitations`)
        .send(invitee({ role: 'beneficial_owner', document_id: poa.body.document_id }))
        .expect(422);
      expect(fieldsOf(owner.body)).toEqual(['document_id:not_allowed']);
      const unknown = await api()
        .post(`/api/v1/onboarding/${ref}/invitations`)
        .send(invitee({ document_id: '3d8a6c1e-9f0b-4a57-8e2c-5b1d7f9a0c34' }))
        .expect(422);
      expect(fieldsOf(unknown.body)).toEqual(['document_id:document_not_found']);
      await api()
        .post(`/api/v1/onboarding/${ref}/invitations`)
        .send(invitee({ document_id: poa.body.document_id }))
        .expect(201);
    });

    it('resend keeps the invitation and refreshes its expiry', async () => {
      const ref = await draftOf(COMPANY.jointBoard);
      const invited = await api()
        .post(`/api/v1/onboarding/${ref}/invitations`)
        .send(invitee())
        .expect(201);
      await t.app
        .get(DataSource)
        .query(`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
          invited.body.invitation_id,
        ]);
      const expired = await api().get(`/api/v1/onboarding/${ref}/invitations`).expect(200);
      expect(expired.body.data[0].status).toBe('expired');
      const resent = await api()
        .post(`/api/v1/onboarding/${ref}/invitations/${invited.body.invitation_id}/resend`)
        .expect(200);
      expect(resent.body).toMatchObject({
        invitation_id: invited.body.invitation_id,
        status: 'pending',
      });
      expect(new Date(resent.body.expires_at).getTime()).toBeGreaterThan(
        Date.now() + 100 * 3600 * 1000,
      );
      const list = await api().get(`/api/v1/onboarding/${ref}/invitations`).expect(200);
      expect(list.body.data).toHaveLength(1);
      const sent = await api()
        .get(`/api/v1/sandbox/notifications?invitation_id=${invited.body.invitation_id}`)
        .expect(200);
      expect(sent.body.data).toHaveLength(4);
      await api()
        .post(`/api/v1/onboarding/${ref}/invitations/3d8a6c1e-9f0b-4a57-8e2c-5b1d7f9a0c34/resend`)
        .expect(404);
      await api().post(`/api/v1/onboarding/${ref}/invitations/nope/resend`).expect(404);
    });

    it('cancel makes the hosted link gone at once; a cancelled invitation cannot be resent', async () => {
      const ref = await draftOf(COMPANY.jointBoard);
      const invited = await api()
        .post(`/api/v1/onboarding/${ref}/invitations`)
        .send(invitee())
        .expect(201);
      const link = await sentLink(invited.body.invitation_id);
      const open = await openLink(link).expect(200);
      expect(open.body).toMatchObject({
        state: 'open',
        kind: 'invitation',
        invitation_id: invited.body.invitation_id,
      });
      const cancelled = await api()
        .post(`/api/v1/onboarding/${ref}/invitations/${invited.body.invitation_id}/cancel`)
        .expect(200);
      expect(cancelled.body.status).toBe('cancelled');
      const gone = await openLink(link).expect(200);
      expect(gone.body).toEqual({ state: 'gone', kind: 'invitation', reason: 'cancelled' });
      await api()
        .post(`/api/v1/onboarding/${ref}/invitations/${invited.body.invitation_id}/cancel`)
        .expect(200);
      const resend = await api()
        .post(`/api/v1/onboarding/${ref}/invitations/${invited.body.invitation_id}/resend`)
        .expect(409);
      expectProblem(resend.body, 409, 'invitation_cancelled');
      await openLink(`${link.slice(0, -3)}abc`).expect(404);
    });

    it('lists invitations after activation and scopes them to the caller', async () => {
      const ref = await draftOf(COMPANY.jointBoard);
      await api().post(`/api/v1/onboarding/${ref}/invitations`).send(invitee()).expect(201);
      await t.app
        .get(DataSource)
        .query(`UPDATE onboardings SET status = 'active' WHERE ref = $1`, [ref]);
      const list = await api().get(`/api/v1/onboarding/${ref}/invitations`).expect(200);
      expect(list.body.data).toHaveLength(1);
      await as(t.app, principal({ partnerId: 'partner-y' }))
        .get(`/api/v1/onboarding/${ref}/invitations`)
        .expect(404);
    });

    it('completes a joint-board company with an invitation and an owner', async () => {
      const ref = await draftOf(COMPANY.jointBoard);
      await api()
        .put(`/api/v1/onboarding/${ref}/bank-account-profile`)
        .send(bankProfile())
        .expect(200);
      await api()
        .put(`/api/v1/onboarding/${ref}/representation`)
        .send({ represents_company: true })
        .expect(200);
      await api()
        .post(`/api/v1/onboarding/${ref}/beneficial-owners`)
        .send(beneficialOwner())
        .expect(201);
      const before = await api().post(`/api/v1/onboarding/${ref}/finalize`).expect(200);
      expect(before.body.missing).toEqual(['representative_invitation_or_power_of_attorney']);
      const invited = await api()
        .post(`/api/v1/onboarding/${ref}/invitations`)
        .send(invitee())
        .expect(201);
      const after = await api().post(`/api/v1/onboarding/${ref}/finalize`).expect(200);
      expect(after.body).toMatchObject({ missing: [], status: 'awaiting_merchant' });
      await api()
        .post(`/api/v1/onboarding/${ref}/invitations/${invited.body.invitation_id}/cancel`)
        .expect(200);
      const back = await api().get(`/api/v1/onboarding/${ref}`).expect(200);
      expect(back.body.status).toBe('draft');
    });
  });
});
