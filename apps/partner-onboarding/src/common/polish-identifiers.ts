/** Polish identifiers, validated as the issuing registers define them (checksums, not just shapes). */

function digitsOf(value: string): number[] {
  return [...value].map(Number);
}

function weightedSum(digits: number[], weights: number[]): number {
  return weights.reduce((sum, weight, index) => sum + weight * digits[index], 0);
}

/** NIP (tax id): 10 digits, weights 6,5,7,2,3,4,5,6,7, sum mod 11 is the last digit (10 never issued). */
export function isValidNip(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const digits = digitsOf(value);
  const check = weightedSum(digits, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
  return check !== 10 && check === digits[9];
}

function regonCheck(digits: number[], weights: number[]): number {
  const check = weightedSum(digits, weights) % 11;
  return check === 10 ? 0 : check;
}

const REGON9_WEIGHTS = [8, 9, 2, 3, 4, 5, 6, 7];
const REGON14_WEIGHTS = [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8];

/** REGON (statistical number): 9 digits for an entity, 14 for its local unit (whose first 9 are the entity's). */
export function isValidRegon(value: string): boolean {
  if (!/^(\d{9}|\d{14})$/.test(value)) return false;
  const digits = digitsOf(value);
  const entityValid = regonCheck(digits, REGON9_WEIGHTS) === digits[8];
  if (value.length === 9) return entityValid;
  return entityValid && regonCheck(digits, REGON14_WEIGHTS) === digits[13];
}

/** PESEL (national id number): checksum and a real date of birth (the month carries the century). */
export function isValidPesel(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const digits = digitsOf(value);
  const check = (10 - (weightedSum(digits, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10;
  if (check !== digits[10]) return false;
  return peselBirthDate(value) !== null;
}

const CENTURY_BY_MONTH_OFFSET: Record<number, number> = {
  0: 1900,
  20: 2000,
  40: 2100,
  60: 2200,
  80: 1800,
};

/** The date of birth a PESEL encodes, or null when it encodes none. */
export function peselBirthDate(value: string): Date | null {
  const year = Number(value.slice(0, 2));
  const encodedMonth = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  const offset = Math.floor(encodedMonth / 20) * 20;
  const century = CENTURY_BY_MONTH_OFFSET[offset];
  const month = encodedMonth - offset;
  if (century === undefined || month < 1 || month > 12) return null;
  const date = new Date(Date.UTC(century + year, month - 1, day));
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1 ? date : null;
}

/** KRS (National Court Register) number: exactly 10 digits; the register defines no checksum. */
export function isValidKrs(value: string): boolean {
  return /^\d{10}$/.test(value);
}

/** Polish identity card number: 3 letters + 6 digits, the first digit is the check digit. */
export function isValidPolishIdCardNumber(value: string): boolean {
  if (!/^[A-Z]{3}\d{6}$/.test(value)) return false;
  const values = [...value].map((char) =>
    /[A-Z]/.test(char) ? char.charCodeAt(0) - 55 : Number(char),
  );
  const weights = [7, 3, 1, 0, 7, 3, 1, 7, 3];
  return weightedSum(values, weights) % 10 === values[3];
}

/**
 * Prefixes of Polish mobile numbers in the national numbering plan (UKE): a 9-digit number is a
 * mobile number when it starts with one of these.
 */
export const POLISH_MOBILE_PREFIXES = [
  '45',
  '50',
  '51',
  '53',
  '57',
  '60',
  '66',
  '69',
  '72',
  '73',
  '78',
  '79',
  '88',
] as const;

/** A Polish mobile number written as 9 digits without the +48 country prefix. */
export function isPolishMobileNumber(value: string): boolean {
  return /^\d{9}$/.test(value) && POLISH_MOBILE_PREFIXES.some((prefix) => value.startsWith(prefix));
}
