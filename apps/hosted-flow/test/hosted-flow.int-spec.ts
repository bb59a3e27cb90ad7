import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadEnv } from '@pc/http';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import { HostedFlowEnv } from '../src/config/hosted-flow.env';
import { createHostedFlowApp } from '../src/create-app';
import { hostedFlowDataSourceOptions } from '../src/hosted-flow.datasource';
import {
  as,
  COMPANY,
  createDraft,
  invitee,
  principal,
  startOnboardingApp,
  type OnboardingTestApp,
} from '../../partner-onboarding/test/support';

describe('hosted-flow pages', () => {
  let onboarding: OnboardingTestApp;
  let database: TestDatabase;
  let hosted: NestExpressApplication;
  const partner = principal();

  async function hostedApp(onboardingUrl: string): Promise<NestExpressApplication> {
    const app = await createHostedFlowApp(
      loadEnv(HostedFlowEnv, {
        DATABASE_NAME: database.config.database,
        INTERNAL_AUTH_SECRET: 'h'.repeat(32),
        PARTNER_ONBOARDING_URL: onboardingUrl,
        LINK_LOOKUP_TIMEOUT_MS: '500',
        LOG_LEVEL: 'silent',
      }),
    );
    await app.init();
    return app;
  }

  /** Invites a representative and returns the hosted path of the link the sandbox sent. */
  async function invitationPath(): Promise<{ path: string; ref: string; invitationId: string }> {
    const api = as(onboarding.app, partner);
    const ref = await createDraft(onboarding.app, partner);
    await api.patch(`/api/v1/onboarding/${ref}/company`).send(COMPANY.jointBoard).expect(200);
    const invited = await api
      .post(`/api/v1/onboarding/${ref}/invitations`)
      .send(invitee())
      .expect(201);
    const sent = await api
      .get(`/api/v1/sandbox/notifications?invitation_id=${invited.body.invitation_id}`)
      .expect(200);
    return {
      path: new URL(sent.body.data[0].link).pathname,
      ref,
      invitationId: invited.body.invitation_id,
    };
  }

  beforeAll(async () => {
    onboarding = await startOnboardingApp();
    await onboarding.app.listen(0, '127.0.0.1');
    const { port } = onboarding.app.getHttpServer().address() as AddressInfo;
    database = await createTestDatabase('hosted_flow', hostedFlowDataSourceOptions);
    hosted = await hostedApp(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await hosted.close();
    await database.drop();
    await onboarding.close();
  });

  it('is ready when its database answers', async () => {
    await request(hosted.getHttpServer()).get('/health/ready').expect(200);
  });

  it('shows the invitation page while it is open, and a 410 gone page right after cancel', async () => {
    const { path, ref, invitationId } = await invitationPath();
    const open = await request(hosted.getHttpServer()).get(path).expect(200);
    expect(open.headers['content-type']).toContain('text/html');
    expect(open.headers['cache-control']).toBe('no-store');
    expect(open.text).toContain('You are invited');
    await as(onboarding.app, partner)
      .post(`/api/v1/onboarding/${ref}/invitations/${invitationId}/cancel`)
      .expect(200);
    const gone = await request(hosted.getHttpServer()).get(path).expect(410);
    expect(gone.text).toContain('cancelled');
  });

  it('answers 410 once the invitation has expired, and 200 again after a resend', async () => {
    const { path, ref, invitationId } = await invitationPath();
    await onboarding.app
      .get(DataSource)
      .query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [
        invitationId,
      ]);
    const expired = await request(hosted.getHttpServer()).get(path).expect(410);
    expect(expired.text).toContain('expired');
    await as(onboarding.app, partner)
      .post(`/api/v1/onboarding/${ref}/invitations/${invitationId}/resend`)
      .expect(200);
    await request(hosted.getHttpServer()).get(path).expect(200);
  });

  it('answers 404 for a forged or malformed link', async () => {
    const { path } = await invitationPath();
    await request(hosted.getHttpServer())
      .get(`${path.slice(0, -4)}AAAA`)
      .expect(404);
    await request(hosted.getHttpServer()).get('/invitations/not-a-token').expect(404);
  });

  it('opens the onboarding hand-off from Get Onboarding Status', async () => {
    const ref = await createDraft(onboarding.app, partner);
    const status = await as(onboarding.app, partner).get(`/api/v1/onboarding/${ref}`).expect(200);
    const page = await request(hosted.getHttpServer())
      .get(new URL(status.body.next_action.url).pathname)
      .expect(200);
    expect(page.text).toContain('contact verification');
  });

  it('answers 503 when partner-onboarding cannot be reached', async () => {
    const { path } = await invitationPath();
    const cutOff = await hostedApp('http://127.0.0.1:9');
    await request(cutOff.getHttpServer()).get(path).expect(503);
    await cutOff.close();
  });
});
