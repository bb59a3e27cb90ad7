import { Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { BrokerConnection } from './broker-connection';

/** Readiness: the broker connection is up (events can be relayed and consumed). */
@Injectable()
export class BrokerHealthIndicator {
  constructor(
    private readonly broker: BrokerConnection,
    private readonly health: HealthIndicatorService,
  ) {}

  isHealthy<const Key extends string>(key: Key): HealthIndicatorResult<Key> {
    const indicator = this.health.check(key);
    return this.broker.isConnected()
      ? indicator.up()
      : indicator.down({ message: 'not connected to RabbitMQ' });
  }
}
