import type { EntityType } from '@pc/contracts';

/** Polish legal forms a merchant can have. */
export const LEGAL_FORMS = [
  'sole_proprietorship',
  'civil_partnership',
  'general_partnership',
  'professional_partnership',
  'limited_partnership',
  'limited_joint_stock_partnership',
  'limited_liability_company',
  'simple_joint_stock_company',
  'joint_stock_company',
  'cooperative',
  'foundation',
  'association',
] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];

/** Forms registered in CEIDG rather than KRS: they have no KRS number. */
const NON_KRS_FORMS: readonly LegalForm[] = ['sole_proprietorship', 'civil_partnership'];

export function isRegisteredInKrs(form: LegalForm): boolean {
  return !NON_KRS_FORMS.includes(form);
}

/** A sole proprietorship is one person; every other form has several people behind it. */
export function entityTypeOf(form: LegalForm): EntityType {
  return form === 'sole_proprietorship' ? 'sole_trader' : 'company';
}
