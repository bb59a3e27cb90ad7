import { Counter, Gauge, Histogram, register, type Metric } from 'prom-client';

function metric<T extends Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

/** Prometheus metrics of the delivery pipeline (registered once per process). */
export class DispatchMetrics {
  readonly attempts = metric(
    'webhook_delivery_attempts_total',
    () =>
      new Counter({
        name: 'webhook_delivery_attempts_total',
        help: 'Delivery attempts by result: 2xx/3xx/4xx/5xx or the error class (timeout, connection_refused, dns_error, ...).',
        labelNames: ['result'],
      }),
  );

  readonly outcomes = metric(
    'webhook_deliveries_completed_total',
    () =>
      new Counter({
        name: 'webhook_deliveries_completed_total',
        help: 'Deliveries reaching an end state: succeeded, failed (schedule exhausted) or skipped (endpoint inactive).',
        labelNames: ['status'],
      }),
  );

  readonly attemptDuration = metric(
    'webhook_delivery_attempt_duration_seconds',
    () =>
      new Histogram({
        name: 'webhook_delivery_attempt_duration_seconds',
        help: 'Duration of one delivery attempt (request sent to response read), by outcome.',
        labelNames: ['outcome'],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      }),
  );

  readonly deliveryLatency = metric(
    'webhook_delivery_latency_seconds',
    () =>
      new Histogram({
        name: 'webhook_delivery_latency_seconds',
        help: 'From fan-out of the event to the successful attempt of its delivery.',
        buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 120, 600, 3600],
      }),
  );

  readonly deferred = metric(
    'webhook_deliveries_deferred_total',
    () =>
      new Counter({
        name: 'webhook_deliveries_deferred_total',
        help: 'Attempts left to the sweeper because their endpoint already had its maximum in flight and queued.',
      }),
  );

  readonly requeued = metric(
    'webhook_deliveries_requeued_total',
    () =>
      new Counter({
        name: 'webhook_deliveries_requeued_total',
        help: 'Overdue pending deliveries the sweeper put back on the delivery queue.',
      }),
  );

  readonly failureAlerts = metric(
    'webhook_endpoint_failure_alerts_total',
    () =>
      new Counter({
        name: 'webhook_endpoint_failure_alerts_total',
        help: "Times an endpoint's failure_count rose above the alert threshold (5).",
      }),
  );

  readonly disabled = metric(
    'webhook_endpoints_disabled_total',
    () =>
      new Counter({
        name: 'webhook_endpoints_disabled_total',
        help: 'Endpoints disabled automatically after 50 consecutive failed deliveries.',
      }),
  );

  readonly queueDepth = metric(
    'webhook_queue_depth',
    () =>
      new Gauge({
        name: 'webhook_queue_depth',
        help: 'Messages waiting in the delivery queue (delay_ms="0") and in each retry delay queue.',
        labelNames: ['queue', 'delay_ms'],
      }),
  );

  /** The label of an attempt's result. */
  static resultLabel(statusCode: number | null, errorClass: string | null): string {
    if (statusCode !== null) return `${Math.floor(statusCode / 100)}xx`;
    return errorClass ?? 'network_error';
  }
}
