import type { LegalForm } from './legal-forms';

export interface RegisteredAddress {
  street: string;
  building_number: string;
  postal_code: string;
  city: string;
  country: string;
}

export interface GoverningBodyMember {
  first_name: string;
  last_name: string;
  function: 'president' | 'vice_president' | 'board_member' | 'owner' | 'partner';
}

/** Who may act for the entity: each member alone (`individual`), or two members together (`joint`). */
export interface GoverningBody {
  representation_rule: 'individual' | 'joint';
  members: GoverningBodyMember[];
}

export interface RegisteredEntity {
  nip: string;
  regon: string;
  krs: string | null;
  legal_form: LegalForm;
  name: string;
  address: RegisteredAddress;
  status: 'active' | 'struck_off';
  governing_body: GoverningBody;
}

/** Port: the public company registers (KRS, CEIDG, REGON) looked up by tax id. */
export abstract class PublicRegister {
  /** The registered entity with this NIP, or null when no register knows it. */
  abstract findByNip(nip: string): Promise<RegisteredEntity | null>;
}
