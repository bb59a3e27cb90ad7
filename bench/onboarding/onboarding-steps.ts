import {
  bankProfile,
  beneficialOwner,
  COMPANY,
  invitee,
} from '../../apps/partner-onboarding/test/fixtures';

/** The calls of one full API onboarding of a company whose board of two represents it jointly. */
export interface Step {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  expect: number;
}

const PDF_BASE64 = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.alloc(20 * 1024, 0x20),
  Buffer.from('\n%%EOF\n'),
]).toString('base64');

export function onboardingSteps(ref: string): Step[] {
  const base = `/api/v1/onboarding/${ref}`;
  return [
    {
      name: 'create_draft',
      method: 'POST',
      path: '/api/v1/onboarding',
      body: { partner_external_ref: ref },
      expect: 201,
    },
    {
      name: 'set_company',
      method: 'PATCH',
      path: `${base}/company`,
      expect: 200,
      body: COMPANY.jointBoard,
    },
    {
      name: 'set_bank_account_profile',
      method: 'PUT',
      path: `${base}/bank-account-profile`,
      expect: 200,
      body: bankProfile(),
    },
    {
      name: 'set_representation',
      method: 'PUT',
      path: `${base}/representation`,
      body: { represents_company: true },
      expect: 200,
    },
    {
      name: 'upload_document',
      method: 'POST',
      path: `${base}/documents`,
      expect: 201,
      body: {
        content_base64: PDF_BASE64,
        filename: 'krs-extract.pdf',
        document_type: 'registration_certificate',
        subject: 'company',
      },
    },
    {
      name: 'add_beneficial_owner',
      method: 'POST',
      path: `${base}/beneficial-owners`,
      expect: 201,
      body: beneficialOwner(),
    },
    {
      name: 'invite_representative',
      method: 'POST',
      path: `${base}/invitations`,
      expect: 201,
      body: invitee(),
    },
    { name: 'finalize', method: 'POST', path: `${base}/finalize`, expect: 200 },
  ];
}
