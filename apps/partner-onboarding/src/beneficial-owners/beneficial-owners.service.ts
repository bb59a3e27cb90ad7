import { isUUID } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Principal } from '@pc/auth';
import { ProblemException, type FieldError } from '@pc/http';
import { postalCodeError } from '../common/address.dto';
import { identityDocumentErrors } from '../common/identity-document.dto';
import { peselBirthDate } from '../common/polish-identifiers';
import { OnboardingWriter } from '../onboardings/onboarding-writer';
import type { BeneficialOwnerCreated, BeneficialOwnerDto } from './dto/beneficial-owner.dto';

/** Only a multi-person company has beneficial owners to declare. */
const MULTI_PERSON = ['company'] as const;

@Injectable()
export class BeneficialOwnersService {
  constructor(private readonly writer: OnboardingWriter) {}

  async add(
    principal: Principal,
    ref: string,
    dto: BeneficialOwnerDto,
  ): Promise<BeneficialOwnerCreated> {
    const errors = ownerErrors(dto);
    if (errors.length > 0) throw ProblemException.validation(errors);
    const uuid = randomUUID();
    await this.writer.write(
      principal,
      ref,
      { requireEditable: true },
      async (onboarding, manager) => {
        onboarding.requireEntityTypeIn(MULTI_PERSON, 'Beneficial owners');
        await manager.query(
          `INSERT INTO beneficial_owners (uuid, onboarding_id, details) VALUES ($1, $2, $3)`,
          [uuid, onboarding.id, JSON.stringify(dto)],
        );
      },
    );
    return { beneficiary_uuid: uuid };
  }

  async remove(principal: Principal, ref: string, uuid: string): Promise<void> {
    await this.writer.write(
      principal,
      ref,
      { requireEditable: true },
      async (onboarding, manager) => {
        onboarding.requireEntityTypeIn(MULTI_PERSON, 'Beneficial owners');
        const removed: [unknown[], number] = isUUID(uuid, 'loose')
          ? await manager.query(
              `DELETE FROM beneficial_owners WHERE onboarding_id = $1 AND uuid = $2`,
              [onboarding.id, uuid],
            )
          : [[], 0];
        if (removed[1] === 0)
          throw ProblemException.notFound(
            'Beneficial owner',
            'No beneficial owner with this uuid on this onboarding.',
          );
      },
    );
  }
}

/** Rules across fields: the PESEL's encoded birth date is the declared one; documents are valid; addresses well-formed. */
function ownerErrors(dto: BeneficialOwnerDto): FieldError[] {
  const errors: FieldError[] = [
    ...identityDocumentErrors(dto.identity_document, 'identity_document'),
  ];
  const postal = postalCodeError(dto.address, 'address');
  if (postal) errors.push(postal);
  const pesel = dto.identity.national_id_number;
  const encoded = pesel ? peselBirthDate(pesel)?.toISOString().slice(0, 10) : undefined;
  if (encoded && encoded !== dto.identity.date_of_birth) {
    errors.push({
      field: 'identity.date_of_birth',
      code: 'pesel_mismatch',
      message: 'differs from the date of birth in the PESEL',
    });
  }
  const basis = dto.indication_basis;
  if (basis.type === 'ownership' && (basis.ownership_percent ?? 0) <= 25) {
    errors.push({
      field: 'indication_basis.ownership_percent',
      code: 'too_small',
      message: 'ownership makes a beneficial owner above 25 percent',
    });
  }
  return errors;
}
