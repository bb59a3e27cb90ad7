import { DataSource } from 'typeorm';
import { databaseProbe, type ReadinessProbe } from '@pc/http';
import { BrokerConnection } from './broker-connection';

/** Readiness: the broker connection is up, so events can be relayed and consumed. */
export function brokerProbe(broker: BrokerConnection): ReadinessProbe {
  return { name: 'broker', isReady: () => broker.isConnected() };
}

/** `HttpPlatformModule`'s readiness for a service with its own database and the broker. */
export const databaseAndBrokerReadiness = {
  inject: [DataSource, BrokerConnection],
  useFactory: (dataSource: DataSource, broker: BrokerConnection): ReadinessProbe[] => [
    databaseProbe(dataSource),
    brokerProbe(broker),
  ],
};
