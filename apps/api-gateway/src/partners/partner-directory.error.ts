import { isUUID } from 'class-validator';

/** A rule of the partner directory was broken (unknown partner, taken channel, bad scope…). */
export class PartnerDirectoryError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PartnerDirectoryError';
  }
}

export function isPartnerId(value: string): boolean {
  return isUUID(value, 'loose');
}
