import { Injectable } from '@nestjs/common';
import type { Principal } from '@pc/auth';
import { ProblemException, type FieldError } from '@pc/http';
import { postalCodeError } from '../common/address.dto';
import { OnboardingWriter } from '../onboardings/onboarding-writer';
import type {
  CompanySegmentDto,
  CompanySegmentResponse,
  RegisterView,
} from './dto/company-segment.dto';
import { entityTypeOf, isRegisteredInKrs, type LegalForm } from './legal-forms';
import { PublicRegister, type RegisteredEntity } from './public-register.port';

/**
 * Set Company Data Segment: decides the entity type. With a tax id the register is asked first
 * (outside the transaction) and its entry is stored with the segment.
 */
@Injectable()
export class CompanyService {
  constructor(
    private readonly writer: OnboardingWriter,
    private readonly register: PublicRegister,
  ) {}

  async setCompany(
    principal: Principal,
    ref: string,
    dto: CompanySegmentDto,
  ): Promise<CompanySegmentResponse> {
    if (!dto.has_nip) {
      const { onboarding } = await this.writer.write(
        principal,
        ref,
        { requireEditable: true },
        async (onboarding) => onboarding.setCompany({ has_nip: false }, 'natural_person'),
      );
      return {
        ref: onboarding.ref,
        status: onboarding.status,
        entity_type: 'natural_person',
        register: null,
      };
    }
    checkRegistration(dto);
    const entry = await this.registeredEntity(dto);
    const entityType = entityTypeOf(entry.legal_form);
    const segment = {
      has_nip: true,
      nip: dto.nip,
      regon: dto.regon,
      krs: dto.krs ?? null,
      legal_form: dto.legal_form,
      name: dto.name,
      registered_address: { ...dto.registered_address },
      register: entry,
    };
    const { onboarding } = await this.writer.write(
      principal,
      ref,
      { requireEditable: true },
      async (onboarding) => onboarding.setCompany(segment, entityType),
    );
    return {
      ref: onboarding.ref,
      status: onboarding.status,
      entity_type: entityType,
      register: registerView(entry),
    };
  }

  private async registeredEntity(dto: CompanySegmentDto): Promise<RegisteredEntity> {
    const entry = await this.register.findByNip(dto.nip as string);
    if (!entry) {
      throw ProblemException.unprocessable(
        'entity_not_in_register',
        'Entity not in the register',
        'No public register knows this NIP.',
        [
          {
            field: 'nip',
            code: 'entity_not_in_register',
            message: 'no registered entity has this NIP',
          },
        ],
      );
    }
    if (entry.status === 'struck_off') {
      throw ProblemException.unprocessable(
        'entity_struck_off',
        'Entity struck off the register',
        'The entity with this NIP has been struck off the public register.',
        [
          {
            field: 'nip',
            code: 'entity_struck_off',
            message: 'the entity is struck off the register',
          },
        ],
      );
    }
    const mismatches: FieldError[] = [];
    if ((dto.regon as string).slice(0, 9) !== entry.regon) mismatches.push(mismatch('regon'));
    if ((dto.krs ?? null) !== entry.krs) mismatches.push(mismatch('krs'));
    if (dto.legal_form !== entry.legal_form) mismatches.push(mismatch('legal_form'));
    if (mismatches.length > 0) {
      throw ProblemException.unprocessable(
        'register_mismatch',
        'Data differs from the register',
        'The registration data differs from the public register entry for this NIP.',
        mismatches,
      );
    }
    return entry;
  }
}

/** KRS number iff the legal form is registered in KRS; a Polish address has a NN-NNN postal code. */
function checkRegistration(dto: CompanySegmentDto): void {
  const errors: FieldError[] = [];
  const inKrs = isRegisteredInKrs(dto.legal_form as LegalForm);
  if (inKrs && dto.krs === undefined)
    errors.push({
      field: 'krs',
      code: 'required',
      message: `krs is required for ${dto.legal_form}`,
    });
  if (!inKrs && dto.krs !== undefined)
    errors.push({
      field: 'krs',
      code: 'not_allowed',
      message: `${dto.legal_form} has no KRS number`,
    });
  const postal = postalCodeError(dto.registered_address, 'registered_address');
  if (postal) errors.push(postal);
  if (errors.length > 0) throw ProblemException.validation(errors);
}

function mismatch(field: string): FieldError {
  return { field, code: 'register_mismatch', message: `${field} differs from the public register` };
}

function registerView(entry: RegisteredEntity): RegisterView {
  return {
    name: entry.name,
    regon: entry.regon,
    krs: entry.krs,
    legal_form: entry.legal_form,
    governing_body: entry.governing_body,
  };
}
