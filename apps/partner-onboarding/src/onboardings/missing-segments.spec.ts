import { missingSegments, MissingCode } from './missing-segments';
import type { OnboardingSegments } from './onboarding.entity';

const none = {
  beneficialOwners: 0,
  outstandingRequiredDocuments: 0,
  powersOfAttorney: 0,
  liveRepresentativeInvitations: 0,
};
const empty: OnboardingSegments = {
  company: null,
  bank_account_profile: null,
  applicant_identity: null,
  representation: null,
};

describe('missingSegments', () => {
  it('asks for the company and bank segments of a fresh draft', () => {
    expect(missingSegments(null, empty, none)).toEqual([
      MissingCode.Company,
      MissingCode.BankAccountProfile,
    ]);
  });

  it('is complete for a natural person with a bank profile and no PKD', () => {
    const segments = { ...empty, company: { has_nip: false }, bank_account_profile: { iban: 'x' } };
    expect(missingSegments('natural_person', segments, none)).toEqual([]);
  });

  it('wants a PKD code from a sole trader', () => {
    const segments = { ...empty, bank_account_profile: { iban: 'x' } };
    expect(missingSegments('sole_trader', segments, none)).toEqual([
      MissingCode.BankAccountProfile,
    ]);
    const withPkd = { ...empty, bank_account_profile: { main_activity_pkd: '62.01.Z' } };
    expect(missingSegments('sole_trader', withPkd, none)).toEqual([]);
  });

  it('wants representation, owners and an invitation or power of attorney from a company', () => {
    const segments = { ...empty, bank_account_profile: { main_activity_pkd: '62.01.Z' } };
    expect(missingSegments('company', segments, none)).toEqual([
      MissingCode.Representation,
      MissingCode.BeneficialOwners,
    ]);
    const joint = {
      ...segments,
      representation: {
        represents_company: true,
        representation_mode: 'co_representative' as const,
        requires_invitation_or_poa: true,
      },
    };
    expect(missingSegments('company', joint, { ...none, beneficialOwners: 1 })).toEqual([
      MissingCode.RepresentativeInvitationOrPoa,
    ]);
    expect(
      missingSegments('company', joint, {
        ...none,
        beneficialOwners: 1,
        liveRepresentativeInvitations: 1,
      }),
    ).toEqual([]);
    expect(
      missingSegments('company', joint, { ...none, beneficialOwners: 1, powersOfAttorney: 1 }),
    ).toEqual([]);
  });

  it('lists required regulated-activity documents until uploaded', () => {
    const segments = { ...empty, bank_account_profile: { iban: 'x' } };
    expect(
      missingSegments('natural_person', segments, { ...none, outstandingRequiredDocuments: 1 }),
    ).toEqual([MissingCode.RegulatedActivityDocuments]);
  });
});
