import { Controller, type INestApplication } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { VerificationEvent, type DomainEvent } from '@pc/contracts';
import { testInfrastructure, uniqueName, type TestDatabase } from '@pc/testing';
import {
  BrokerConnection,
  brokerProbe,
  DomainEventPattern,
  consumerQueueNames,
  EventContext,
  MessagingModule,
  OutboxPublisher,
  RabbitEventsServer,
} from '../src';
import {
  deleteBrokerObjects,
  eventually,
  messagingDataSourceOptions,
  messagingDatabase,
  sampleEvent,
} from './support';

const rabbitUrl = testInfrastructure.rabbitUrl;

@Controller()
class StepsController {
  @DomainEventPattern(VerificationEvent.StepCompleted)
  async stepCompleted(@Payload() event: DomainEvent, @Ctx() ctx: EventContext): Promise<void> {
    await ctx.manager.query(`INSERT INTO steps (event_id) VALUES ($1)`, [event.id]);
  }
}

describe('MessagingModule in a Nest app: outbox → relay → RabbitMQ → consumer', () => {
  const exchange = uniqueName('module_exchange');
  const queue = uniqueName('module_queue');
  let db: TestDatabase;
  let app: INestApplication;
  let dataSource: DataSource;

  beforeAll(async () => {
    const created = await messagingDatabase('module');
    db = created.db;
    await created.dataSource.query(`CREATE TABLE steps (event_id text PRIMARY KEY)`);
    await created.dataSource.destroy();

    const moduleRef = await Test.createTestingModule({
      imports: [
        TypeOrmModule.forRootAsync({ useFactory: () => messagingDataSourceOptions(db.config) }),
        MessagingModule.forRootAsync({
          useFactory: () => ({
            url: rabbitUrl,
            exchange,
            serviceName: 'module-test',
            relay: { pollIntervalMs: 30_000 },
          }),
        }),
      ],
      controllers: [StepsController],
    }).compile();
    app = moduleRef.createNestApplication({ logger: ['error', 'warn'] });
    dataSource = app.get(DataSource);
    app.connectMicroservice({
      strategy: new RabbitEventsServer({
        url: rabbitUrl,
        exchange,
        queue,
        consumerName: 'module-test',
        dataSource,
        expectedEventTypes: [VerificationEvent.StepCompleted],
      }),
    });
    await app.startAllMicroservices();
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await db.drop();
    const queues = consumerQueueNames(queue, 5000);
    await deleteBrokerObjects(rabbitUrl, [queues.main, queues.parking, queues.retry], [exchange]);
  });

  it('reports the broker as up for readiness', async () => {
    const probe = brokerProbe(app.get(BrokerConnection));
    expect(probe.name).toBe('broker');
    await eventually(() => probe.isReady());
  });

  it('carries events from a committed transaction to the consuming handler, fast and in volume', async () => {
    const publisher = app.get(OutboxPublisher);
    const total = 3000;
    const perTransaction = 3;
    const events = Array.from({ length: total }, () =>
      sampleEvent(VerificationEvent.StepCompleted),
    );
    const startedAt = Date.now();
    const writers = Array.from({ length: 8 }, async (_, writer) => {
      for (let i = writer * perTransaction; i < total; i += 8 * perTransaction) {
        await dataSource.transaction((manager) =>
          publisher.publish(manager, events.slice(i, i + perTransaction)),
        );
      }
    });
    await Promise.all(writers);
    await eventually(async () => {
      const [row] = await dataSource.query(`SELECT count(*)::int AS n FROM steps`);
      return row.n === total;
    }, 30_000);
    const seconds = (Date.now() - startedAt) / 1000;
    console.warn(
      `outbox → consumer: ${total} events in ${seconds.toFixed(2)} s = ${Math.round(total / seconds)} events/s`,
    );
    const [unsent] = await dataSource.query(`SELECT count(*)::int AS n FROM outbox_events`);
    expect(unsent.n).toBe(0);
  });
});
