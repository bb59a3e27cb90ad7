import { BaseRpcContext } from '@nestjs/microservices';
import type { ConsumeMessage } from 'amqplib';
import type { EntityManager } from 'typeorm';
import type { DomainEvent } from '@pc/contracts';

type EventContextArgs = [DomainEvent, EntityManager, ConsumeMessage, number];

/**
 * What an `@EventPattern` handler gets with `@Ctx()`: the event and the EntityManager of the
 * transaction that also records the event in the inbox. Write through `ctx.manager` so the handler's
 * changes and the "handled" mark commit together.
 */
export class EventContext extends BaseRpcContext<EventContextArgs> {
  get event(): DomainEvent {
    return this.args[0];
  }

  get manager(): EntityManager {
    return this.args[1];
  }

  /** The raw AMQP message (headers, delivery info). */
  get message(): ConsumeMessage {
    return this.args[2];
  }

  /** 1 on the first delivery, then 2, 3, … on each retry after a handler failure. */
  get attempt(): number {
    return this.args[3];
  }
}
