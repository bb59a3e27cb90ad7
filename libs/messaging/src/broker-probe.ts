import type { ReadinessProbe } from '@pc/http';
import type { BrokerConnection } from './broker-connection';

/** Readiness: the broker connection is up, so events can be relayed and consumed. */
export function brokerProbe(broker: BrokerConnection): ReadinessProbe {
  return { name: 'broker', isReady: () => broker.isConnected() };
}
