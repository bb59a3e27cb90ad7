import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { SUBSCRIBABLE_EVENT_TYPES, VerificationEvent, type DomainEvent } from '@pc/contracts';
import type { EventContext } from '@pc/messaging';
import { FanOutEvent } from './fan-out-event';

/** Partner-visible event types fanned out to endpoints. `verification.test` only ever comes from the test operation. */
export const FANNED_OUT_EVENT_TYPES: string[] = SUBSCRIBABLE_EVENT_TYPES.filter(
  (type) => type !== VerificationEvent.Test,
);

/** Consumes domain events from the events exchange; each runs in one transaction with the inbox record. */
@Controller()
export class EventsConsumer {
  constructor(private readonly fanOut: FanOutEvent) {}

  @EventPattern(FANNED_OUT_EVENT_TYPES)
  async onEvent(@Payload() event: DomainEvent, @Ctx() context: EventContext): Promise<void> {
    await this.fanOut.execute(event, context.manager);
  }
}
