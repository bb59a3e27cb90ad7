import type { VerificationProvider } from '@pc/contracts';

export interface ProviderCatalogEntry {
  /** Checks a session of this provider may be split into (sequential and dynamic modes). */
  steps: readonly string[];
  /** Reasons a rejected result may carry; the first is used when none is given. */
  rejectionReasons: readonly string[];
}

/** What each provider can check and why it may reject. Shared by validation and the adapters. */
export const PROVIDER_CATALOG: Record<VerificationProvider, ProviderCatalogEntry> = {
  bank_transfer: {
    steps: ['transfer_received', 'payer_name_match', 'payer_account_match'],
    rejectionReasons: [
      'payer_name_mismatch',
      'payer_account_mismatch',
      'transfer_not_received',
      'foreign_account',
    ],
  },
  mobywatel: {
    steps: ['identity_shared', 'document_valid', 'address_shared'],
    rejectionReasons: [
      'identity_not_shared',
      'document_invalid',
      'data_mismatch',
      'person_underage',
    ],
  },
  ais_psd2: {
    steps: ['consent_granted', 'account_holder_read', 'account_holder_match'],
    rejectionReasons: ['consent_denied', 'account_not_found', 'account_holder_mismatch'],
  },
};
