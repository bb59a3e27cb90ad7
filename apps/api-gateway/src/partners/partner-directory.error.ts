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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isPartnerId(value: string): boolean {
  return UUID.test(value);
}
