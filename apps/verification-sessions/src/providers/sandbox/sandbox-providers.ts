import { Injectable } from '@nestjs/common';
import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import type { VerificationProvider } from '@pc/contracts';
import { VerificationProviders, type VerificationProviderPort } from '../verification-provider';
import { SandboxProvider, type EvidenceField } from './sandbox-provider';

/** The sandbox's test person and account (documented in docs/verification-sessions.md). */
export const SANDBOX_PERSON = {
  name: 'Jan Kowalski',
  givenName: 'Jan',
  familyName: 'Kowalski',
  dateOfBirth: '1985-04-12',
  iban: 'PL61109010140000071219812874',
};

function checkIban(value: string): string | null {
  return isValidIBAN(electronicFormatIBAN(value) ?? '') ? null : 'must be a valid IBAN';
}

function checkName(value: string): string | null {
  return value.trim().length >= 2 && value.length <= 140 ? null : 'must be 2–140 characters';
}

function checkDate(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? null
    : 'must be YYYY-MM-DD';
}

/** A transfer arrives on the operator's account: the bank statement shows the payer's name and account. */
export class BankTransferSandbox extends SandboxProvider {
  readonly key = 'bank_transfer' as const;
  protected readonly evidenceFields: Record<string, EvidenceField> = {
    payer_name: { fallback: () => SANDBOX_PERSON.name, check: checkName },
    payer_account: { fallback: () => SANDBOX_PERSON.iban, check: checkIban },
    transfer_title: {
      fallback: (report) => `VERIFY ${report.sessionId.slice(0, 8).toUpperCase()}`,
      check: checkName,
    },
  };
}

/** The person shares identity attributes from the mObywatel app. */
export class MobywatelSandbox extends SandboxProvider {
  readonly key = 'mobywatel' as const;
  protected readonly evidenceFields: Record<string, EvidenceField> = {
    given_name: { fallback: () => SANDBOX_PERSON.givenName, check: checkName },
    family_name: { fallback: () => SANDBOX_PERSON.familyName, check: checkName },
    date_of_birth: { fallback: () => SANDBOX_PERSON.dateOfBirth, check: checkDate },
  };
}

/** The bank's AIS (PSD2) API is read with the person's consent: it returns the account holder. */
export class AisPsd2Sandbox extends SandboxProvider {
  readonly key = 'ais_psd2' as const;
  protected readonly evidenceFields: Record<string, EvidenceField> = {
    account_holder: { fallback: () => SANDBOX_PERSON.name, check: checkName },
    account_iban: { fallback: () => SANDBOX_PERSON.iban, check: checkIban },
  };
}

@Injectable()
export class SandboxVerificationProviders extends VerificationProviders {
  private readonly adapters: Record<VerificationProvider, VerificationProviderPort> = {
    bank_transfer: new BankTransferSandbox(),
    mobywatel: new MobywatelSandbox(),
    ais_psd2: new AisPsd2Sandbox(),
  };

  get(key: VerificationProvider): VerificationProviderPort {
    return this.adapters[key];
  }
}
