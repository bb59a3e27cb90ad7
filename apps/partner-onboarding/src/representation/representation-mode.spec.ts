import { deriveRepresentation } from './representation-mode';

const member = { first_name: 'A', last_name: 'B', function: 'board_member' as const };

describe('deriveRepresentation', () => {
  it('is solo for a member of a body that represents individually', () => {
    expect(
      deriveRepresentation({ representation_rule: 'individual', members: [member] }, true),
    ).toEqual({
      representation_mode: 'solo',
      requires_invitation_or_poa: false,
    });
  });

  it('needs a co-representative on a board of two acting jointly', () => {
    expect(
      deriveRepresentation({ representation_rule: 'joint', members: [member, member] }, true),
    ).toEqual({
      representation_mode: 'co_representative',
      requires_invitation_or_poa: true,
    });
  });

  it('is a proxy when the applicant does not represent the company', () => {
    expect(
      deriveRepresentation({ representation_rule: 'individual', members: [member] }, false),
    ).toEqual({
      representation_mode: 'proxy',
      requires_invitation_or_poa: true,
    });
  });
});
