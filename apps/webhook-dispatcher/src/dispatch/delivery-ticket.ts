import { isUUID } from 'class-validator';

/** The message on the delivery queue: "make attempt `attemptNumber` of this delivery". */
export interface DeliveryTicket {
  deliveryId: string;
  endpointId: string;
  attemptNumber: number;
}

interface WireTicket {
  d: string;
  e: string;
  n: number;
}

export function encodeTicket(ticket: DeliveryTicket): Buffer {
  const wire: WireTicket = { d: ticket.deliveryId, e: ticket.endpointId, n: ticket.attemptNumber };
  return Buffer.from(JSON.stringify(wire));
}

export function decodeTicket(content: Buffer): DeliveryTicket | null {
  try {
    const wire = JSON.parse(content.toString('utf8')) as Partial<WireTicket>;
    if (
      typeof wire.d !== 'string' ||
      !isUUID(wire.d, 'loose') ||
      typeof wire.e !== 'string' ||
      !isUUID(wire.e, 'loose')
    )
      return null;
    if (!Number.isInteger(wire.n) || (wire.n as number) < 1) return null;
    return { deliveryId: wire.d, endpointId: wire.e, attemptNumber: wire.n as number };
  } catch {
    return null;
  }
}
