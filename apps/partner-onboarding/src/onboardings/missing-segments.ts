import type { EntityType } from '@pc/contracts';
import type { OnboardingSegments } from './onboarding.entity';

/** Codes of outstanding data in finalize's `missing[]` (docs/onboarding.md lists them). */
export const MissingCode = {
  Company: 'company',
  BankAccountProfile: 'bank_account_profile',
  Representation: 'representation',
  RepresentativeInvitationOrPoa: 'representative_invitation_or_power_of_attorney',
  BeneficialOwners: 'beneficial_owners',
  RegulatedActivityDocuments: 'regulated_activity_documents',
} as const;
export type MissingCode = (typeof MissingCode)[keyof typeof MissingCode];

/** What the onboarding's related rows say, counted in the same transaction as the segments. */
export interface OnboardingFacts {
  beneficialOwners: number;
  outstandingRequiredDocuments: number;
  powersOfAttorney: number;
  liveRepresentativeInvitations: number;
}

/**
 * The partner's outstanding data, in the order a partner would fill it. Identity prefill is never
 * missing: it only saves the merchant typing, who confirms identity in the hosted flow anyway.
 */
export function missingSegments(
  entityType: EntityType | null,
  segments: Readonly<OnboardingSegments>,
  facts: OnboardingFacts,
): MissingCode[] {
  if (!entityType) return [MissingCode.Company, MissingCode.BankAccountProfile];
  const missing: MissingCode[] = [];
  if (!bankProfileFits(entityType, segments.bank_account_profile))
    missing.push(MissingCode.BankAccountProfile);
  if (entityType === 'company') {
    const representation = segments.representation;
    if (!representation) missing.push(MissingCode.Representation);
    else if (
      representation.requires_invitation_or_poa &&
      facts.liveRepresentativeInvitations === 0 &&
      facts.powersOfAttorney === 0
    ) {
      missing.push(MissingCode.RepresentativeInvitationOrPoa);
    }
    if (facts.beneficialOwners === 0) missing.push(MissingCode.BeneficialOwners);
  }
  if (facts.outstandingRequiredDocuments > 0) missing.push(MissingCode.RegulatedActivityDocuments);
  return missing;
}

/** A bank/profile segment saved under another entity type may no longer fit (the PKD code is for companies). */
function bankProfileFits(entityType: EntityType, segment: Record<string, unknown> | null): boolean {
  if (!segment) return false;
  const hasPkd = typeof segment.main_activity_pkd === 'string';
  return entityType === 'natural_person' ? !hasPkd : hasPkd;
}
