/** Request bodies a partner would send, valid against the sandbox register: shared by tests and the bench. */
export const ADDRESS = {
  street: 'ul. Prosta',
  building_number: '20',
  postal_code: '00-850',
  city: 'Warszawa',
  country: 'PL',
};

/** The sandbox register's documented entities, as a partner would send them. */
export const COMPANY = {
  jointBoard: {
    has_nip: true,
    nip: '5260000011',
    regon: '140000017',
    krs: '0000000001',
    legal_form: 'limited_liability_company',
    name: 'Dwuosobowy Zarząd Sp. z o.o.',
    registered_address: ADDRESS,
  },
  singleBoard: {
    has_nip: true,
    nip: '5260000028',
    regon: '140000023',
    krs: '0000000002',
    legal_form: 'limited_liability_company',
    name: 'Jednoosobowy Zarząd Sp. z o.o.',
    registered_address: ADDRESS,
  },
  struckOff: {
    has_nip: true,
    nip: '5260000034',
    regon: '140000030',
    krs: '0000000003',
    legal_form: 'limited_liability_company',
    name: 'Wykreślona Sp. z o.o.',
    registered_address: ADDRESS,
  },
  soleTrader: {
    has_nip: true,
    nip: '1234563218',
    regon: '123456785',
    legal_form: 'sole_proprietorship',
    name: 'Jan Kowalski Usługi Informatyczne',
    registered_address: ADDRESS,
  },
  naturalPerson: { has_nip: false },
};

export function bankProfile(overrides: Record<string, unknown> = {}) {
  return {
    bank_account: {
      iban: 'PL61 1090 1014 0000 0712 1981 2874',
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
    ...overrides,
  };
}

export const IDENTITY_DOCUMENT = {
  type: 'id_card',
  number: 'ABA300000',
  expiry_date: '2031-05-20',
  issuing_country: 'PL',
};

export function beneficialOwner(overrides: Record<string, unknown> = {}) {
  return {
    identity: {
      first_name: 'Anna',
      last_name: 'Nowak',
      national_id_number: '44051401458',
      date_of_birth: '1944-05-14',
      citizenships: ['PL'],
    },
    address: ADDRESS,
    indication_basis: { type: 'ownership', ownership_percent: 60 },
    identity_document: IDENTITY_DOCUMENT,
    pep_declaration: { is_pep: false },
    source_of_wealth_declaration: { sources: ['business_activity'] },
    ...overrides,
  };
}

export function invitee(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Piotr',
    last_name: 'Wiśniewski',
    email: 'piotr@example.pl',
    phone: '501234567',
    role: 'representative',
    ...overrides,
  };
}

export const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** Creates a draft and returns its ref. */
