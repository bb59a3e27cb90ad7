import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Scope } from '@pc/contracts';
import {
  startGateway,
  type GatewayUnderTest,
} from '../../api-gateway/test/support/gateway-under-test';
import {
  bankProfile,
  beneficialOwner,
  COMPANY,
  expectProblem,
  fieldsOf,
  INTERNAL_SECRET,
  invitee,
  PDF,
  startOnboardingApp,
  type OnboardingTestApp,
} from './support';

/** The partner's view: real partner keys through the real api-gateway to the service. */
describe('partner onboarding through the api-gateway', () => {
  let service: OnboardingTestApp;
  let gateway: GatewayUnderTest;
  let key: string;
  let multiChannelKey: string;
  let readOnlyKey: string;
  let otherPartnerKey: string;

  const call = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, bearer = key) =>
    request(gateway.app.getHttpServer())[method](path).set('Authorization', `Bearer ${bearer}`);

  beforeAll(async () => {
    service = await startOnboardingApp();
    await service.app.listen(0, '127.0.0.1');
    const { port } = service.app.getHttpServer().address() as AddressInfo;
    gateway = await startGateway({
      ROUTED_SERVICES: 'onboarding',
      ONBOARDING_SERVICE_URL: `http://127.0.0.1:${port}`,
      INTERNAL_AUTH_SECRET: INTERNAL_SECRET,
      RATE_LIMIT_POINTS: '10000',
    });
    const channel = `gw-${Date.now().toString(36)}`;
    const partner = (await gateway.commands.create('Acme')).partner_id;
    await gateway.commands.addChannel(partner, channel);
    key = (await gateway.commands.issueKey(partner)).key;
    readOnlyKey = (await gateway.commands.issueKey(partner, [Scope.OnboardingRead])).key;
    const multi = (await gateway.commands.create('Multi')).partner_id;
    await gateway.commands.addChannel(multi, `${channel}-a`);
    await gateway.commands.addChannel(multi, `${channel}-b`);
    multiChannelKey = (await gateway.commands.issueKey(multi)).key;
    const other = (await gateway.commands.create('Globex')).partner_id;
    await gateway.commands.addChannel(other, `${channel}-other`);
    otherPartnerKey = (await gateway.commands.issueKey(other)).key;
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  it('creates a draft once (201, then 200 with the same body) under 50 concurrent calls', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('post', '/api/v1/onboarding').send({ partner_external_ref: 'gw-race' }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([
      ...Array(49).fill(200),
      201,
    ]);
    expect(new Set(responses.map((response) => JSON.stringify(response.body))).size).toBe(1);
    expect(responses[0].body.next_action).toBeUndefined();
  });

  it('derives the channel from the key: 422 when a multi-channel key names none or a foreign one', async () => {
    const missing = await call('post', '/api/v1/onboarding', multiChannelKey)
      .send({ partner_external_ref: 'm-1' })
      .expect(422);
    expect(fieldsOf(missing.body)).toEqual(['channel:required']);
    const foreign = await call('post', '/api/v1/onboarding', multiChannelKey)
      .send({ partner_external_ref: 'm-1', channel: 'not-mine' })
      .expect(422);
    expectProblem(foreign.body, 422, 'channel_not_owned');
    const list = await call('get', '/api/v1/onboarding', multiChannelKey).expect(200);
    expect(list.body).toEqual({ data: [], next_cursor: null });
  });

  it("enforces scopes (403) and hides other partners' refs (404)", async () => {
    await call('post', '/api/v1/onboarding')
      .send({ partner_external_ref: 'gw-scoped' })
      .expect(201);
    await call('get', '/api/v1/onboarding/gw-scoped', readOnlyKey).expect(200);
    const denied = await call('post', '/api/v1/onboarding/gw-scoped/finalize', readOnlyKey).expect(
      403,
    );
    expectProblem(denied.body, 403, 'insufficient_scope');
    await call('get', '/api/v1/onboarding/gw-scoped', otherPartnerKey).expect(404);
    await call('patch', '/api/v1/onboarding/gw-scoped/company', otherPartnerKey)
      .send(COMPANY.naturalPerson)
      .expect(404);
  });

  it('lists newest first with cursors and refuses per_page over 200', async () => {
    for (const ref of ['gw-l1', 'gw-l2', 'gw-l3'])
      await call('post', '/api/v1/onboarding').send({ partner_external_ref: ref }).expect(201);
    const first = await call('get', '/api/v1/onboarding?per_page=2').expect(200);
    expect(first.body.data.map((row: { ref: string }) => row.ref)).toEqual(['gw-l3', 'gw-l2']);
    const next = await call(
      'get',
      `/api/v1/onboarding?per_page=2&cursor=${first.body.next_cursor}`,
    ).expect(200);
    expect(next.body.data[0].ref).toBe('gw-l1');
    await call('get', '/api/v1/onboarding?per_page=201').expect(422);
  });

  it('runs a full company onboarding: segments, document, owner, invitation, finalize', async () => {
    await call('post', '/api/v1/onboarding').send({ partner_external_ref: 'gw-full' }).expect(201);
    const early = await call('put', '/api/v1/onboarding/gw-full/bank-account-profile')
      .send(bankProfile())
      .expect(422);
    expectProblem(early.body, 422, 'entity_type_not_set');
    const struck = await call('patch', '/api/v1/onboarding/gw-full/company')
      .send(COMPANY.struckOff)
      .expect(422);
    expectProblem(struck.body, 422, 'entity_struck_off');
    await call('patch', '/api/v1/onboarding/gw-full/company').send(COMPANY.jointBoard).expect(200);
    await call('put', '/api/v1/onboarding/gw-full/bank-account-profile')
      .send(bankProfile())
      .expect(200);
    const mode = await call('put', '/api/v1/onboarding/gw-full/representation')
      .send({ represents_company: true })
      .expect(200);
    expect(mode.body.representation_mode).toBe('co_representative');
    const owner = await call('post', '/api/v1/onboarding/gw-full/beneficial-owners')
      .send(beneficialOwner())
      .expect(201);
    await call(
      'delete',
      `/api/v1/onboarding/gw-full/beneficial-owners/${owner.body.beneficiary_uuid}`,
    ).expect(204);
    await call('post', '/api/v1/onboarding/gw-full/beneficial-owners')
      .send(beneficialOwner())
      .expect(201);
    const document = await call('post', '/api/v1/onboarding/gw-full/documents')
      .field('document_type', 'registration_certificate')
      .field('subject', 'company')
      .attach('file', PDF, 'krs.pdf')
      .expect(201);
    expect(document.body.format).toBe('pdf');
    const invited = await call('post', '/api/v1/onboarding/gw-full/invitations')
      .send(invitee())
      .expect(201);
    const finalize = await call('post', '/api/v1/onboarding/gw-full/finalize').expect(200);
    expect(finalize.body).toMatchObject({ status: 'awaiting_merchant', missing: [] });
    expect(finalize.body.next_action.url).toMatch(/^http:\/\/hosted\.test\/onboarding\//);
    const status = await call('get', '/api/v1/onboarding/gw-full').expect(200);
    expect(status.body.invited).toEqual([
      expect.objectContaining({ invitation_id: invited.body.invitation_id, status: 'pending' }),
    ]);
    await call(
      'post',
      `/api/v1/onboarding/gw-full/invitations/${invited.body.invitation_id}/cancel`,
    ).expect(200);
    await call(
      'post',
      `/api/v1/onboarding/gw-full/invitations/${invited.body.invitation_id}/resend`,
    ).expect(409);
  });

  it("applies each segment's entity-type rules and field checks", async () => {
    await call('post', '/api/v1/onboarding').send({ partner_external_ref: 'gw-sole' }).expect(201);
    const early = await call('post', '/api/v1/onboarding/gw-sole/finalize').expect(200);
    expect(early.body.missing).toEqual(['company', 'bank_account_profile']);
    const badNip = await call('patch', '/api/v1/onboarding/gw-sole/company')
      .send({ ...COMPANY.soleTrader, nip: '1234563219' })
      .expect(422);
    expect(fieldsOf(badNip.body)).toEqual(['nip:invalid_nip']);
    const extra = await call('patch', '/api/v1/onboarding/gw-sole/company')
      .send({ has_nip: false, regon: '123456785' })
      .expect(422);
    expect(fieldsOf(extra.body)).toEqual(['regon:not_allowed']);
    await call('patch', '/api/v1/onboarding/gw-sole/company').send(COMPANY.soleTrader).expect(200);
    const fraction = await call('put', '/api/v1/onboarding/gw-sole/bank-account-profile')
      .send(
        bankProfile({
          transactional_profile: {
            ...bankProfile().transactional_profile,
            max_transaction_amount_pln: 99.5,
          },
        }),
      )
      .expect(422);
    expect(fieldsOf(fraction.body)).toEqual([
      'transactional_profile.max_transaction_amount_pln:must_be_integer',
    ]);
    const identity = {
      national_id_number: '44051401458',
      identity_document: {
        type: 'id_card',
        number: 'ABA300000',
        expiry_date: '2031-05-20',
        issuing_country: 'PL',
      },
      residential_address: COMPANY.jointBoard.registered_address,
      place_of_birth: { city: 'Kraków', country: 'PL' },
      citizenships: ['PL'],
    };
    await call('put', '/api/v1/onboarding/gw-sole/applicant-identity').send(identity).expect(200);
    const representation = await call('put', '/api/v1/onboarding/gw-sole/representation')
      .send({ represents_company: true })
      .expect(422);
    expectProblem(representation.body, 422, 'not_applicable_to_entity_type');
    await call('post', '/api/v1/onboarding/gw-sole/beneficial-owners')
      .send(beneficialOwner())
      .expect(422);
    await call(
      'delete',
      '/api/v1/onboarding/gw-sole/beneficial-owners/9b2f0c64-1a7e-4f3b-8d25-6e4c1b0a9f17',
    ).expect(422);
    await call('post', '/api/v1/onboarding').send({ partner_external_ref: 'gw-co' }).expect(201);
    await call('patch', '/api/v1/onboarding/gw-co/company').send(COMPANY.jointBoard).expect(200);
    await call('put', '/api/v1/onboarding/gw-co/applicant-identity').send(identity).expect(422);
    await call(
      'delete',
      '/api/v1/onboarding/gw-co/beneficial-owners/9b2f0c64-1a7e-4f3b-8d25-6e4c1b0a9f17',
    ).expect(404);
    const gif = await call('post', '/api/v1/onboarding/gw-co/documents')
      .send({
        content_base64: Buffer.from('GIF89a').toString('base64'),
        filename: 'a.pdf',
        document_type: 'other',
        subject: 'company',
      })
      .expect(422);
    expect(fieldsOf(gif.body)).toEqual(['content_base64:unsupported_document_format']);
  });

  it('invites, lists by invitation_id without personal data, resends the same invitation', async () => {
    await call('post', '/api/v1/onboarding').send({ partner_external_ref: 'gw-inv' }).expect(201);
    const landline = await call('post', '/api/v1/onboarding/gw-inv/invitations')
      .send(invitee({ phone: '221234567' }))
      .expect(422);
    expect(fieldsOf(landline.body)).toEqual(['phone:invalid_polish_mobile']);
    const first = await call('post', '/api/v1/onboarding/gw-inv/invitations')
      .send(invitee())
      .expect(201);
    const second = await call('post', '/api/v1/onboarding/gw-inv/invitations')
      .send(invitee({ role: 'beneficial_owner', phone: '881234567' }))
      .expect(201);
    const resent = await call(
      'post',
      `/api/v1/onboarding/gw-inv/invitations/${first.body.invitation_id}/resend`,
    ).expect(200);
    expect(resent.body.invitation_id).toBe(first.body.invitation_id);
    expect(resent.body.expires_at >= first.body.expires_at).toBe(true);
    const list = await call('get', '/api/v1/onboarding/gw-inv/invitations').expect(200);
    expect(list.body.data.map((row: { invitation_id: string }) => row.invitation_id)).toEqual([
      first.body.invitation_id,
      second.body.invitation_id,
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/Piotr|example\.pl|501234567/);
    await call(
      'post',
      '/api/v1/onboarding/gw-inv/invitations/3d8a6c1e-9f0b-4a57-8e2c-5b1d7f9a0c34/cancel',
    ).expect(404);
    await call('get', '/api/v1/onboarding/gw-inv/invitations', otherPartnerKey).expect(404);
  });

  it('answers 413 problem+json for an oversized document on both upload paths', async () => {
    await call('post', '/api/v1/onboarding').send({ partner_external_ref: 'gw-big' }).expect(201);
    const big = Buffer.concat([PDF, Buffer.alloc(5120 * 1024 + 1 - PDF.length)]);
    const multipart = await call('post', '/api/v1/onboarding/gw-big/documents')
      .field('document_type', 'other')
      .field('subject', 'company')
      .attach('file', big, 'big.pdf')
      .expect(413);
    expect(multipart.headers['content-type']).toContain('application/problem+json');
    const base64 = await call('post', '/api/v1/onboarding/gw-big/documents')
      .send({
        content_base64: big.toString('base64'),
        filename: 'big.pdf',
        document_type: 'other',
        subject: 'company',
      })
      .expect(413);
    expectProblem(base64.body, 413, 'document_too_large');
  });

  it('publishes every onboarding operation with its scope in the merged OpenAPI document', async () => {
    const document = await request(gateway.app.getHttpServer())
      .get('/api/v1/openapi.json')
      .expect(200);
    const operations = Object.entries(
      document.body.paths as Record<string, Record<string, { security?: unknown }>>,
    )
      .filter(([path]) => path.startsWith('/api/v1/onboarding'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      );
    expect(operations.length).toBe(15);
    for (const { operation } of operations)
      expect(JSON.stringify(operation.security)).toMatch(/onboarding:(read|write)/);
  });
});
