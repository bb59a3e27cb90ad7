import fc from 'fast-check';
import type { Response } from 'supertest';
import {
  as,
  bankProfile,
  beneficialOwner,
  COMPANY,
  createDraft,
  IDENTITY_DOCUMENT,
  ADDRESS,
  invitee,
  PDF,
  principal,
  startOnboardingApp,
  type OnboardingTestApp,
} from './support';

type Json = Record<string, unknown>;

/** Every path to a value in a valid body: mutating one of them is a near-miss body. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const own = Object.entries(value).flatMap(([key, child]) => pathsOf(child, [...prefix, key]));
  return prefix.length > 0 ? [prefix, ...own] : own;
}

function withValueAt(body: unknown, path: string[], replacement: unknown): unknown {
  const copy = structuredClone(body) as Json;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Json;
  const last = path[path.length - 1];
  if (replacement === undefined) delete target[last];
  else target[last] = replacement;
  return copy;
}

/** Random JSON objects, and valid bodies with one value replaced, removed or a field added. */
function bodies(valid: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid);
  const nearMiss = paths.length
    ? [
        fc
          .tuple(
            fc.constantFrom(...paths),
            fc.oneof(
              fc.jsonValue(),
              fc.constant(undefined),
              fc.string(),
              fc.double(),
              fc.integer(),
            ),
          )
          .map(([path, replacement]) => withValueAt(valid, path, replacement)),
      ]
    : [];
  const extraField = fc
    .tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue())
    .map(([key, value]) => ({ ...(valid as Json), [key]: value }));
  return fc.oneof(
    fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 })),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
    ...nearMiss,
    extraField,
  );
}

/** A JSON key may itself be empty: then the error names it as the empty string. */
function namesAField(field: unknown, body: unknown): boolean {
  if (typeof field !== 'string') return false;
  return field.length > 0 || JSON.stringify(body ?? null).includes('"":');
}

/** Never a 500; every rejection is problem+json; every 422 names its fields. */
function expectWellFormed(response: Response, body: unknown): void {
  const context = `${response.status} ${JSON.stringify(response.body)} for ${JSON.stringify(body)?.slice(0, 300)}`;
  if (response.status >= 500) throw new Error(`server error: ${context}`);
  if (response.status < 400) return;
  if (!String(response.headers['content-type']).startsWith('application/problem+json'))
    throw new Error(`not problem+json: ${context}`);
  if (typeof response.body.code !== 'string' || response.body.status !== response.status)
    throw new Error(`bad problem: ${context}`);
  if (response.status === 422) {
    const errors = response.body.errors as Array<{ field: unknown; code: unknown }> | undefined;
    if (
      !errors?.length ||
      !errors.every((error) => namesAField(error.field, body) && typeof error.code === 'string')
    ) {
      throw new Error(`422 without named fields: ${context}`);
    }
  }
}

describe('onboarding endpoints under random and malformed bodies', () => {
  let t: OnboardingTestApp;
  const partner = principal();
  const refs: Record<string, string> = {};
  let invitationId = '';

  beforeAll(async () => {
    t = await startOnboardingApp();
    const api = as(t.app, partner);
    for (const [name, company] of Object.entries({
      company: COMPANY.jointBoard,
      person: COMPANY.naturalPerson,
    })) {
      refs[name] = await createDraft(t.app, partner);
      await api.patch(`/api/v1/onboarding/${refs[name]}/company`).send(company).expect(200);
    }
    const invited = await api
      .post(`/api/v1/onboarding/${refs.company}/invitations`)
      .send(invitee())
      .expect(201);
    invitationId = invited.body.invitation_id;
  });
  afterAll(async () => t.close());

  const cases: Array<{
    name: string;
    method: 'post' | 'put' | 'patch';
    path: () => string;
    valid: unknown;
  }> = [
    {
      name: 'create draft',
      method: 'post',
      path: () => '/api/v1/onboarding',
      valid: { partner_external_ref: 'p-1', ref: 'p-1', channel: 'web' },
    },
    {
      name: 'company',
      method: 'patch',
      path: () => `/api/v1/onboarding/${refs.company}/company`,
      valid: COMPANY.jointBoard,
    },
    {
      name: 'bank account profile',
      method: 'put',
      path: () => `/api/v1/onboarding/${refs.company}/bank-account-profile`,
      valid: bankProfile(),
    },
    {
      name: 'applicant identity',
      method: 'put',
      path: () => `/api/v1/onboarding/${refs.person}/applicant-identity`,
      valid: {
        national_id_number: '44051401458',
        identity_document: IDENTITY_DOCUMENT,
        residential_address: ADDRESS,
        place_of_birth: { city: 'Kraków', country: 'PL' },
        citizenships: ['PL'],
      },
    },
    {
      name: 'representation',
      method: 'put',
      path: () => `/api/v1/onboarding/${refs.company}/representation`,
      valid: { represents_company: true },
    },
    {
      name: 'document',
      method: 'post',
      path: () => `/api/v1/onboarding/${refs.company}/documents`,
      valid: {
        content_base64: PDF.toString('base64'),
        filename: 'a.pdf',
        document_type: 'other',
        subject: 'company',
      },
    },
    {
      name: 'beneficial owner',
      method: 'post',
      path: () => `/api/v1/onboarding/${refs.company}/beneficial-owners`,
      valid: beneficialOwner(),
    },
    {
      name: 'invitation',
      method: 'post',
      path: () => `/api/v1/onboarding/${refs.company}/invitations`,
      valid: invitee(),
    },
    {
      name: 'finalize',
      method: 'post',
      path: () => `/api/v1/onboarding/${refs.company}/finalize`,
      valid: {},
    },
    {
      name: 'resend',
      method: 'post',
      path: () => `/api/v1/onboarding/${refs.company}/invitations/${invitationId}/resend`,
      valid: {},
    },
    {
      name: 'cancel',
      method: 'post',
      path: () => `/api/v1/onboarding/${refs.company}/invitations/${invitationId}/cancel`,
      valid: {},
    },
  ];

  it.each(cases)(
    '$name: never 500, rejections are problem+json naming the field',
    async ({ method, path, valid }) => {
      await fc.assert(
        fc.asyncProperty(bodies(valid), async (body) => {
          const response = await as(t.app, partner)
            [method](path())
            .set('content-type', 'application/json')
            .send(JSON.stringify(body));
          expectWellFormed(response, body);
        }),
        { numRuns: 60 },
      );
    },
  );

  it('list and path parameters: random query strings and refs', async () => {
    const api = () => as(t.app, partner);
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), fc.string(), async (perPage, cursor, ref) => {
        const list = await api().get('/api/v1/onboarding').query({ per_page: perPage, cursor });
        expectWellFormed(list, { perPage, cursor });
        const status = await api().get(`/api/v1/onboarding/${encodeURIComponent(ref)}`);
        expectWellFormed(status, ref);
        const owner = await api().delete(
          `/api/v1/onboarding/${refs.company}/beneficial-owners/${encodeURIComponent(ref)}`,
        );
        expectWellFormed(owner, ref);
      }),
      { numRuns: 60 },
    );
  });

  it('multipart uploads with random parts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(
            'document_type',
            'subject',
            'document_id',
            'filename',
            'content_base64',
            'other',
          ),
          fc.string(),
        ),
        fc.uint8Array({ maxLength: 64 }),
        async (fields, bytes) => {
          let upload = as(t.app, partner).post(`/api/v1/onboarding/${refs.company}/documents`);
          for (const [name, value] of Object.entries(fields)) upload = upload.field(name, value);
          const response = await upload.attach('file', Buffer.from(bytes), 'f.bin');
          expectWellFormed(response, fields);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('answers a body that is not JSON with 400 problem+json', async () => {
    const response = await as(t.app, partner)
      .post('/api/v1/onboarding')
      .set('content-type', 'application/json')
      .send('{"partner_external_ref": ');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, code: 'malformed_body' });
  });
});
