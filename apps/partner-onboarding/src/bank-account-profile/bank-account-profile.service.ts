import { Injectable } from '@nestjs/common';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { Principal } from '@pc/auth';
import { ProblemException, type FieldError } from '@pc/http';
import { DocumentsRepository } from '../documents/documents.repository';
import { OnboardingWriter } from '../onboardings/onboarding-writer';
import { toRequiredDocument } from '../onboardings/onboardings.service';
import type {
  BankAccountProfileDto,
  BankAccountProfileResponse,
} from './dto/bank-account-profile.dto';
import { isRegulatedActivity, REGULATED_ACTIVITY_DOCUMENT_TYPE } from './regulated-activities';

/** Set Bank Account And Transactional Profile: needs the entity type; a regulated activity asks for its licence. */
@Injectable()
export class BankAccountProfileService {
  constructor(
    private readonly writer: OnboardingWriter,
    private readonly documents: DocumentsRepository,
  ) {}

  async set(
    principal: Principal,
    ref: string,
    dto: BankAccountProfileDto,
  ): Promise<BankAccountProfileResponse> {
    const iban = polishIban(dto.bank_account.iban);
    const { onboarding, result } = await this.writer.write(
      principal,
      ref,
      { requireEditable: true },
      async (onboarding, manager) => {
        const entityType = onboarding.requireEntityType();
        checkActivity(entityType === 'natural_person', dto);
        const pkd = dto.main_activity_pkd;
        const regulated =
          pkd && isRegulatedActivity(pkd)
            ? [{ pkd, documentType: REGULATED_ACTIVITY_DOCUMENT_TYPE }]
            : [];
        await this.documents.requireForActivities(manager, onboarding.id, regulated);
        onboarding.setBankAccountProfile({
          bank_account: { iban, holder_name: dto.bank_account.holder_name },
          transactional_profile: { ...dto.transactional_profile },
          shop_industry: dto.shop_industry,
          ...(dto.shop_url ? { shop_url: dto.shop_url } : {}),
          ...(pkd ? { main_activity_pkd: pkd } : {}),
        });
        return this.documents.listRequired(manager, onboarding.id);
      },
    );
    return {
      ref: onboarding.ref,
      status: onboarding.status,
      required_documents: result.map(toRequiredDocument),
    };
  }
}

function polishIban(raw: string): string {
  const iban = electronicFormatIBAN(raw) ?? '';
  if (!isValidIBAN(iban)) {
    throw ProblemException.validation([
      {
        field: 'bank_account.iban',
        code: 'invalid_iban',
        message: 'not a valid IBAN (checksum or length)',
      },
    ]);
  }
  if (!iban.startsWith('PL')) {
    throw ProblemException.validation([
      {
        field: 'bank_account.iban',
        code: 'iban_not_polish',
        message: 'the account must be a Polish (PL) IBAN',
      },
    ]);
  }
  return iban;
}

/** The PKD code belongs to businesses (sole traders and companies): required for them, refused for a natural person. */
function checkActivity(naturalPerson: boolean, dto: BankAccountProfileDto): void {
  const errors: FieldError[] = [];
  if (naturalPerson && dto.main_activity_pkd !== undefined) {
    errors.push({
      field: 'main_activity_pkd',
      code: 'not_allowed',
      message: 'a natural person has no business activity code',
    });
  }
  if (!naturalPerson && dto.main_activity_pkd === undefined) {
    errors.push({
      field: 'main_activity_pkd',
      code: 'required',
      message: 'main_activity_pkd is required for sole traders and companies',
    });
  }
  const profile = dto.transactional_profile;
  if (profile.average_transaction_amount_pln > profile.max_transaction_amount_pln) {
    errors.push({
      field: 'transactional_profile.average_transaction_amount_pln',
      code: 'exceeds_max_transaction_amount',
      message: 'the average cannot exceed the maximum transaction amount',
    });
  }
  if (errors.length > 0) throw ProblemException.validation(errors);
}
