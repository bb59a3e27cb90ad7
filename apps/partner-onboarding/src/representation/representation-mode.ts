import type { RepresentationMode } from '../onboardings/onboarding.entity';
import type { GoverningBody } from '../company/public-register.port';

/**
 * The mode follows from the registered governing body and the decision: someone who does not
 * represent the company acts as a proxy; a representative of a body that acts jointly needs a
 * co-representative; otherwise they act alone. Anything but `solo` needs another person invited
 * and/or a power of attorney uploaded.
 */
export function deriveRepresentation(body: GoverningBody, representsCompany: boolean) {
  let mode: RepresentationMode;
  if (!representsCompany) mode = 'proxy';
  else if (body.representation_rule === 'joint' && body.members.length > 1)
    mode = 'co_representative';
  else mode = 'solo';
  return { representation_mode: mode, requires_invitation_or_poa: mode !== 'solo' };
}
