import { Injectable } from '@nestjs/common';
import type { Principal } from '@pc/auth';
import { ProblemException } from '@pc/http';
import { postalCodeError } from '../common/address.dto';
import { identityDocumentErrors } from '../common/identity-document.dto';
import { OnboardingWriter } from '../onboardings/onboarding-writer';
import type { ApplicantIdentityDto, SegmentSavedResponse } from './dto/applicant-identity.dto';

/** Prefill Applicant Identity: stores data only, for a natural person or a sole trader. */
@Injectable()
export class ApplicantIdentityService {
  constructor(private readonly writer: OnboardingWriter) {}

  async prefill(
    principal: Principal,
    ref: string,
    dto: ApplicantIdentityDto,
  ): Promise<SegmentSavedResponse> {
    const errors = [
      ...identityDocumentErrors(dto.identity_document, 'identity_document'),
      ...[postalCodeError(dto.residential_address, 'residential_address')].filter(
        (error) => error !== null,
      ),
    ];
    if (errors.length > 0) throw ProblemException.validation(errors);
    const { onboarding } = await this.writer.write(
      principal,
      ref,
      { requireEditable: true },
      async (onboarding) => {
        onboarding.requireEntityTypeIn(['natural_person', 'sole_trader'], 'Identity prefill');
        onboarding.setApplicantIdentity({
          national_id_number: dto.national_id_number,
          identity_document: { ...dto.identity_document },
          residential_address: { ...dto.residential_address },
          place_of_birth: { ...dto.place_of_birth },
          citizenships: [...dto.citizenships],
        });
      },
    );
    return { ref: onboarding.ref, status: onboarding.status, segment: 'applicant_identity' };
  }
}
