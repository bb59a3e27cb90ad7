import { Injectable } from '@nestjs/common';
import type { Principal } from '@pc/auth';
import { OnboardingWriter } from '../onboardings/onboarding-writer';
import type { GoverningBody } from '../company/public-register.port';
import type { RepresentationDecisionDto, RepresentationResponse } from './dto/representation.dto';
import { deriveRepresentation } from './representation-mode';

/** Set Company Representation Decision: multi-person companies only. */
@Injectable()
export class RepresentationService {
  constructor(private readonly writer: OnboardingWriter) {}

  async decide(
    principal: Principal,
    ref: string,
    dto: RepresentationDecisionDto,
  ): Promise<RepresentationResponse> {
    const { onboarding, result } = await this.writer.write(
      principal,
      ref,
      { requireEditable: true },
      async (onboarding) => {
        onboarding.requireEntityTypeIn(['company'], 'The representation decision');
        const register = onboarding.segments.company?.register as { governing_body: GoverningBody };
        const derived = deriveRepresentation(register.governing_body, dto.represents_company);
        onboarding.setRepresentation({ represents_company: dto.represents_company, ...derived });
        return derived;
      },
    );
    return { ref: onboarding.ref, status: onboarding.status, ...result };
  }
}
