import { Injectable } from '@nestjs/common';
import { PublicRegister, type RegisteredEntity } from '../public-register.port';

const WARSAW = {
  street: 'ul. Prosta',
  building_number: '20',
  postal_code: '00-850',
  city: 'Warszawa',
  country: 'PL',
};

/**
 * The documented sandbox tax ids (docs/onboarding.md, "Sandbox register"). Every one has a valid
 * NIP/REGON checksum; any other NIP is unknown to the sandbox register.
 */
export const SANDBOX_REGISTER: readonly RegisteredEntity[] = [
  {
    nip: '1234563218',
    regon: '123456785',
    krs: null,
    legal_form: 'sole_proprietorship',
    name: 'Jan Kowalski Usługi Informatyczne',
    address: { ...WARSAW, street: 'ul. Polna', building_number: '5' },
    status: 'active',
    governing_body: {
      representation_rule: 'individual',
      members: [{ first_name: 'Jan', last_name: 'Kowalski', function: 'owner' }],
    },
  },
  {
    nip: '5260000011',
    regon: '140000017',
    krs: '0000000001',
    legal_form: 'limited_liability_company',
    name: 'Dwuosobowy Zarząd Sp. z o.o.',
    address: WARSAW,
    status: 'active',
    governing_body: {
      representation_rule: 'joint',
      members: [
        { first_name: 'Anna', last_name: 'Nowak', function: 'president' },
        { first_name: 'Piotr', last_name: 'Wiśniewski', function: 'board_member' },
      ],
    },
  },
  {
    nip: '5260000028',
    regon: '140000023',
    krs: '0000000002',
    legal_form: 'limited_liability_company',
    name: 'Jednoosobowy Zarząd Sp. z o.o.',
    address: { ...WARSAW, building_number: '22' },
    status: 'active',
    governing_body: {
      representation_rule: 'individual',
      members: [{ first_name: 'Ewa', last_name: 'Zielińska', function: 'president' }],
    },
  },
  {
    nip: '5260000034',
    regon: '140000030',
    krs: '0000000003',
    legal_form: 'limited_liability_company',
    name: 'Wykreślona Sp. z o.o.',
    address: { ...WARSAW, building_number: '24' },
    status: 'struck_off',
    governing_body: {
      representation_rule: 'individual',
      members: [{ first_name: 'Marek', last_name: 'Lewandowski', function: 'president' }],
    },
  },
];

@Injectable()
export class SandboxPublicRegister extends PublicRegister {
  private readonly byNip = new Map(SANDBOX_REGISTER.map((entry) => [entry.nip, entry]));

  async findByNip(nip: string): Promise<RegisteredEntity | null> {
    const entry = this.byNip.get(nip);
    return entry ? structuredClone(entry) : null;
  }
}
