import { ProviderReportRejected, type ProviderReport } from '../verification-provider';
import { SANDBOX_CONFIDENCE } from './sandbox-provider';
import { SANDBOX_PERSON, SandboxVerificationProviders } from './sandbox-providers';

const providers = new SandboxVerificationProviders();
const report = (overrides: Partial<ProviderReport> = {}): ProviderReport => ({
  sessionId: '1a2b3c4d-0000-4000-8000-000000000000',
  step: null,
  outcome: 'verified',
  rejectionReasons: [],
  evidence: {},
  ...overrides,
});

describe('sandbox providers', () => {
  it('bank transfer: the payer of the arriving transfer is the verified data', () => {
    expect(
      providers.get('bank_transfer').assess(report({ evidence: { payer_name: 'Anna Nowak' } })),
    ).toEqual({
      resultStatus: 'verified',
      confidenceScore: SANDBOX_CONFIDENCE.verified,
      verifiedData: {
        payer_name: 'Anna Nowak',
        payer_account: SANDBOX_PERSON.iban,
        transfer_title: 'VERIFY 1A2B3C4D',
      },
      rejectionReasons: [],
    });
  });

  it('mObywatel shares identity attributes; AIS reads the account holder', () => {
    expect(providers.get('mobywatel').assess(report({ outcome: 'inconclusive' }))).toMatchObject({
      resultStatus: 'inconclusive',
      confidenceScore: SANDBOX_CONFIDENCE.inconclusive,
      verifiedData: { given_name: 'Jan', family_name: 'Kowalski', date_of_birth: '1985-04-12' },
    });
    expect(providers.get('ais_psd2').assess(report()).verifiedData).toEqual({
      account_holder: SANDBOX_PERSON.name,
      account_iban: SANDBOX_PERSON.iban,
    });
  });

  it('rejects with the given reasons, or the provider default', () => {
    expect(providers.get('ais_psd2').assess(report({ outcome: 'rejected' }))).toEqual({
      resultStatus: 'rejected',
      confidenceScore: SANDBOX_CONFIDENCE.rejected,
      verifiedData: null,
      rejectionReasons: ['consent_denied'],
    });
    expect(
      providers.get('mobywatel').assess(
        report({
          outcome: 'rejected',
          rejectionReasons: ['document_invalid', 'person_underage'],
        }),
      ).rejectionReasons,
    ).toEqual(['document_invalid', 'person_underage']);
  });

  it.each([
    ['an invalid IBAN', { evidence: { payer_account: 'PL00123' } }, 'evidence.payer_account'],
    ["another provider's evidence", { evidence: { given_name: 'Jan' } }, 'evidence.given_name'],
    [
      'an unknown rejection reason',
      { outcome: 'rejected' as const, rejectionReasons: ['consent_denied'] },
      'rejection_reasons',
    ],
    [
      'reasons without a rejection',
      { rejectionReasons: ['payer_name_mismatch'] },
      'rejection_reasons',
    ],
  ])('refuses %s', (_name, overrides, field) => {
    try {
      providers.get('bank_transfer').assess(report(overrides));
      throw new Error('expected a rejection');
    } catch (error) {
      expect(error).toBeInstanceOf(ProviderReportRejected);
      expect((error as ProviderReportRejected).errors[0].field).toBe(field);
    }
  });
});
