/**
 * Main business activities (PKD 2007 codes) that Polish law licenses or registers: a merchant with
 * one must upload the licence or register entry before its onboarding is complete.
 */
export const REGULATED_ACTIVITIES: Readonly<Record<string, string>> = {
  '47.25.Z': 'alcohol sale permit',
  '47.73.Z': 'pharmacy permit',
  '49.32.Z': 'taxi licence',
  '64.19.Z': 'banking licence (KNF)',
  '64.92.Z': 'lending institution register entry (KNF)',
  '66.12.Z': 'brokerage licence (KNF)',
  '66.19.Z': 'payment services licence (KNF)',
  '79.12.Z': 'tour operator register entry',
  '80.10.Z': 'private security licence',
  '86.10.Z': 'medical entity register entry',
  '92.00.Z': 'gambling licence (Ministry of Finance)',
};

export const REGULATED_ACTIVITY_DOCUMENT_TYPE = 'regulated_activity_licence';

export function isRegulatedActivity(pkd: string): boolean {
  return pkd in REGULATED_ACTIVITIES;
}
