import {
  isPolishMobileNumber,
  isValidKrs,
  isValidNip,
  isValidPesel,
  isValidPolishIdCardNumber,
  isValidRegon,
  peselBirthDate,
} from './polish-identifiers';

describe('Polish identifiers', () => {
  it('checks the NIP checksum', () => {
    expect(isValidNip('1234563218')).toBe(true);
    expect(isValidNip('5260000011')).toBe(true);
    expect(isValidNip('1234563219')).toBe(false);
    expect(isValidNip('123456321')).toBe(false);
    expect(isValidNip('123-456-32-18')).toBe(false);
  });

  it('checks 9- and 14-digit REGON checksums', () => {
    expect(isValidRegon('123456785')).toBe(true);
    expect(isValidRegon('123456786')).toBe(false);
    expect(isValidRegon('12345678500010')).toBe(true);
    expect(isValidRegon('12345678500011')).toBe(false);
    expect(isValidRegon('12345678600010')).toBe(false);
    expect(isValidRegon('1234567850')).toBe(false);
  });

  it('checks the PESEL checksum and its date of birth', () => {
    expect(isValidPesel('44051401458')).toBe(true);
    expect(isValidPesel('44051401459')).toBe(false);
    expect(isValidPesel('02220312343')).toBe(true);
    expect(peselBirthDate('02220312343')?.toISOString().slice(0, 10)).toBe('2002-02-03');
    expect(isValidPesel('44023101452')).toBe(false);
  });

  it('checks the KRS format', () => {
    expect(isValidKrs('0000012345')).toBe(true);
    expect(isValidKrs('12345')).toBe(false);
  });

  it('checks the id card check digit', () => {
    expect(isValidPolishIdCardNumber('ABA300000')).toBe(true);
    expect(isValidPolishIdCardNumber('ABA400000')).toBe(false);
  });

  it('accepts only 9-digit numbers with a Polish mobile prefix', () => {
    expect(isPolishMobileNumber('501234567')).toBe(true);
    expect(isPolishMobileNumber('881234567')).toBe(true);
    expect(isPolishMobileNumber('221234567')).toBe(false);
    expect(isPolishMobileNumber('+48501234567')).toBe(false);
    expect(isPolishMobileNumber('50123456')).toBe(false);
  });
});
