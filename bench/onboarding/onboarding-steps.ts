/** The calls of one full API onboarding of a company whose board of two represents it jointly. */
export interface Step {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  expect: number;
}

const ADDRESS = {
  street: 'ul. Prosta',
  building_number: '20',
  postal_code: '00-850',
  city: 'Warszawa',
  country: 'PL',
};
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
      body: {
        has_nip: true,
        nip: '5260000011',
        regon: '140000017',
        krs: '0000000001',
        legal_form: 'limited_liability_company',
        name: 'Dwuosobowy Zarząd Sp. z o.o.',
        registered_address: ADDRESS,
      },
    },
    {
      name: 'set_bank_account_profile',
      method: 'PUT',
      path: `${base}/bank-account-profile`,
      expect: 200,
      body: {
        bank_account: {
          iban: 'PL61109010140000071219812874',
          holder_name: 'Dwuosobowy Zarząd Sp. z o.o.',
        },
        transactional_profile: {
          expected_monthly_turnover_pln: 50000,
          expected_monthly_transactions: 1200,
          average_transaction_amount_pln: 42,
          max_transaction_amount_pln: 5000,
        },
        shop_industry: 'electronics',
        main_activity_pkd: '47.91.Z',
      },
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
      body: {
        identity: {
          first_name: 'Anna',
          last_name: 'Nowak',
          national_id_number: '44051401458',
          date_of_birth: '1944-05-14',
          citizenships: ['PL'],
        },
        address: ADDRESS,
        indication_basis: { type: 'ownership', ownership_percent: 60 },
        identity_document: {
          type: 'id_card',
          number: 'ABA300000',
          expiry_date: '2031-05-20',
          issuing_country: 'PL',
        },
        pep_declaration: { is_pep: false },
        source_of_wealth_declaration: { sources: ['business_activity'] },
      },
    },
    {
      name: 'invite_representative',
      method: 'POST',
      path: `${base}/invitations`,
      expect: 201,
      body: {
        first_name: 'Piotr',
        last_name: 'Wiśniewski',
        email: 'piotr@example.pl',
        phone: '501234567',
        role: 'representative',
      },
    },
    { name: 'finalize', method: 'POST', path: `${base}/finalize`, expect: 200 },
  ];
}
