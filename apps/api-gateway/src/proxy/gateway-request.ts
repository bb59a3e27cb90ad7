import type { Request } from 'express';
import type { VerifiedKey } from '../authentication/partner-key.verifier';
import type { GatewayRoute } from '../routing/route-table';

/** A partner request as it moves through the gateway's guards to the forwarder (`id`: set by pino-http). */
export interface GatewayRequest extends Request {
  partnerKey?: VerifiedKey;
  gatewayRoute?: GatewayRoute;
}
