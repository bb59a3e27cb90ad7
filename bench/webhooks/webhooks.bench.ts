/**
 * Webhook delivery benchmark: one run on this machine, JSON on stdout.
 *   npm run bench:webhooks   (builds, then runs dist/bench/webhooks/webhooks.bench.js)
 * Needs the local PostgreSQL and RabbitMQ; creates and drops its own database, queues and exchange.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import type { Principal } from '@pc/auth';
import { ALL_SCOPES, createEvent, type DomainEvent } from '@pc/contracts';
import { loadEnv } from '@pc/http';
import { dropDatabase, migrate } from '@pc/persistence';
import { testDatabaseConfig, testInfrastructure, uniqueName } from '@pc/testing';
import { WebhookDispatcherEnv } from '../../apps/webhook-dispatcher/src/config/webhook-dispatcher.env';
import { createWebhookDispatcherApp } from '../../apps/webhook-dispatcher/src/create-app';
import { EndpointsService } from '../../apps/webhook-dispatcher/src/endpoints/endpoints.service';
import { webhookDispatcherDataSourceOptions } from '../../apps/webhook-dispatcher/src/webhook-dispatcher.datasource';
import {
  brokerObjectsOf,
  deleteBrokerObjects,
} from '../../apps/webhook-dispatcher/test/support/dispatcher-harness';
import { percentile } from '../support/percentile';
import { rawCeiling, ReceiverProcess, sleep, until } from './bench-support';

const PARTNERS = 10;
const ENDPOINTS_PER_PARTNER = 10;
const THROUGHPUT_EVENTS = 2000;
const LATENCY_RATE = 200;
const LATENCY_SECONDS = 10;
const HANGING_SHARE = 0.2;

function sampleEvent(partnerId: string): DomainEvent {
  return createEvent(
    'verification.completed',
    {
      verification_session_id: randomUUID(),
      external_id: null,
      status: 'completed',
      provider: 'bank_transfer',
      result_status: 'verified',
    },
    { partner_id: partnerId },
  );
}

function principalOf(partnerId: string): Principal {
  return {
    partnerId,
    channels: ['ch'],
    scopes: [...ALL_SCOPES],
    keyId: 'bench',
    requestId: randomUUID(),
  };
}

async function main(): Promise<void> {
  const database = testDatabaseConfig(uniqueName('bench_webhooks'));
  await migrate(database, webhookDispatcherDataSourceOptions(database));
  const vars: Record<string, string> = {
    DATABASE_NAME: database.database,
    INTERNAL_AUTH_SECRET: 'b'.repeat(32),
    EVENTS_EXCHANGE: uniqueName('bench_ex'),
    WEBHOOK_QUEUE_PREFIX: uniqueName('bench_webhooks'),
    WEBHOOK_SECRET_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_SCHEDULE_MS: '0,1000,2000,3000,4000',
    WEBHOOK_ATTEMPT_TIMEOUT_MS: '10000',
    LOG_LEVEL: 'error',
  };
  const receiver = await ReceiverProcess.start();
  const app = await createWebhookDispatcherApp(loadEnv(WebhookDispatcherEnv, vars));
  await app.init();
  const connection = await connect(testInfrastructure.rabbitUrl);
  const channel = await connection.createConfirmChannel();
  await channel.assertExchange(vars.EVENTS_EXCHANGE, 'topic', { durable: true });
  const publish = async (events: DomainEvent[]) => {
    for (const event of events) {
      channel.publish(vars.EVENTS_EXCHANGE, event.type, Buffer.from(JSON.stringify(event)), {
        persistent: true,
        messageId: event.id,
      });
    }
    await channel.waitForConfirms();
  };
  const endpoints = app.get(EndpointsService);
  const register = async (partnerId: string, path: (index: number) => string, count: number) => {
    for (let index = 0; index < count; index++) {
      await endpoints.create(principalOf(partnerId), {
        url: `http://127.0.0.1:${receiver.port}${path(index)}`,
      });
    }
  };

  try {
    const ceiling = await rawCeiling(receiver.port, JSON.stringify(sampleEvent('prt_ceiling')), 3);
    await receiver.reset();

    // 1. Throughput: 10 partners x 10 healthy endpoints, every event fans out to 10 deliveries.
    const healthyPartners = Array.from({ length: PARTNERS }, (_, index) => `prt_fast_${index}`);
    for (const partnerId of healthyPartners)
      await register(partnerId, (index) => `/fast/${partnerId}/${index}`, ENDPOINTS_PER_PARTNER);
    const throughputEvents = Array.from({ length: THROUGHPUT_EVENTS }, (_, index) =>
      sampleEvent(healthyPartners[index % PARTNERS]),
    );
    const expected = THROUGHPUT_EVENTS * ENDPOINTS_PER_PARTNER;
    const throughputStart = Date.now();
    await publish(throughputEvents);
    await until(async () => (await receiver.stats()).fast >= expected, 180_000);
    const throughputSeconds = (Date.now() - throughputStart) / 1000;
    const deliveriesPerSecond = expected / throughputSeconds;
    await sleep(1000);
    await receiver.reset();

    // 2. Latency at a steady 200 events/s to one endpoint.
    const latencyPartner = 'prt_latency';
    await register(latencyPartner, () => '/fast/latency', 1);
    const totalLatencyEvents = LATENCY_RATE * LATENCY_SECONDS;
    const latencyStart = Date.now();
    for (let sent = 0; sent < totalLatencyEvents; sent += LATENCY_RATE / 20) {
      const due = latencyStart + (sent / LATENCY_RATE) * 1000;
      await sleep(Math.max(0, due - Date.now()));
      await publish(Array.from({ length: LATENCY_RATE / 20 }, () => sampleEvent(latencyPartner)));
    }
    await until(async () => (await receiver.stats()).fast >= totalLatencyEvents, 60_000);
    const latencies = (await receiver.stats()).latencies.sort((a, b) => a - b);
    await receiver.reset();

    // 3. Healthy throughput while 20% of the endpoints hang.
    const mixedPartners = Array.from({ length: PARTNERS }, (_, index) => `prt_mixed_${index}`);
    const hangingPerPartner = Math.round(ENDPOINTS_PER_PARTNER * HANGING_SHARE);
    for (const partnerId of mixedPartners) {
      await register(
        partnerId,
        (index) =>
          index < hangingPerPartner ? `/hang/${partnerId}/${index}` : `/fast/${partnerId}/${index}`,
        ENDPOINTS_PER_PARTNER,
      );
    }
    const mixedEvents = Array.from({ length: THROUGHPUT_EVENTS }, (_, index) =>
      sampleEvent(mixedPartners[index % PARTNERS]),
    );
    const expectedHealthy = THROUGHPUT_EVENTS * (ENDPOINTS_PER_PARTNER - hangingPerPartner);
    const mixedStart = Date.now();
    await publish(mixedEvents);
    await until(async () => (await receiver.stats()).fast >= expectedHealthy, 180_000);
    const mixedSeconds = (Date.now() - mixedStart) / 1000;
    const healthyPerSecond = expectedHealthy / mixedSeconds;

    const round = (value: number, digits = 0) => Number(value.toFixed(digits));
    const report = {
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      raw_receiver_ceiling_posts_per_s: round(ceiling),
      throughput: {
        endpoints: PARTNERS * ENDPOINTS_PER_PARTNER,
        events: THROUGHPUT_EVENTS,
        deliveries: expected,
        seconds: round(throughputSeconds, 2),
        deliveries_per_s: round(deliveriesPerSecond),
        ratio_to_ceiling: round(deliveriesPerSecond / ceiling, 3),
      },
      latency_at_200_events_per_s: {
        events: latencies.length,
        p50_ms: percentile(latencies, 50),
        p99_ms: percentile(latencies, 99),
        max_ms: latencies[latencies.length - 1],
      },
      with_20_percent_hanging: {
        endpoints: PARTNERS * ENDPOINTS_PER_PARTNER,
        hanging_endpoints: PARTNERS * hangingPerPartner,
        healthy_deliveries: expectedHealthy,
        seconds: round(mixedSeconds, 2),
        healthy_deliveries_per_s: round(healthyPerSecond),
        ratio_to_all_healthy: round(healthyPerSecond / deliveriesPerSecond, 3),
        ratio_to_ceiling: round(healthyPerSecond / ceiling, 3),
      },
      targets: {
        deliveries_per_s_at_least_1500: deliveriesPerSecond >= 1500,
        p99_under_200_ms: percentile(latencies, 99) < 200,
        hanging_ratio_at_least_0_8: healthyPerSecond / deliveriesPerSecond >= 0.8,
      },
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await channel.close().catch(() => undefined);
    await connection.close().catch(() => undefined);
    await app.close();
    receiver.stop();
    await deleteBrokerObjects(brokerObjectsOf(vars));
    await dropDatabase(database);
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error);
    process.exit(1);
  },
);
