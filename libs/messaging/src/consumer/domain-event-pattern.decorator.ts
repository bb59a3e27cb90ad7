import { EventPattern } from '@nestjs/microservices';

/**
 * `@EventPattern(type)` for a domain event type from `@pc/contracts`. Nest 12's typed `EventPattern`
 * overload types every argument after the payload as `unknown`, which rejects `@Ctx() ctx: EventContext`;
 * the explicit `<string>` picks the untyped overload. `@EventPattern<string>(type)` is equivalent.
 */
export function DomainEventPattern(type: string): MethodDecorator {
  return EventPattern<string>(type);
}
