import {
  Module,
  type DynamicModule,
  type FactoryProvider,
  type ModuleMetadata,
} from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { BrokerConnection } from './broker-connection';
import { BrokerHealthIndicator } from './broker-health.indicator';
import { MESSAGING_OPTIONS, type MessagingOptions } from './messaging.options';
import { OutboxPublisher } from './outbox/outbox-publisher';
import { OutboxRelay } from './outbox/outbox-relay';

export interface MessagingModuleAsyncOptions {
  imports?: ModuleMetadata['imports'];
  inject?: FactoryProvider['inject'];
  useFactory: (...args: never[]) => MessagingOptions | Promise<MessagingOptions>;
}

/**
 * Broker connection, transactional outbox (publisher + relay) and the broker readiness indicator.
 * Global: import it once in the app module. The relay uses the app's TypeORM `DataSource`.
 */
@Module({})
export class MessagingModule {
  static forRootAsync(options: MessagingModuleAsyncOptions): DynamicModule {
    const providers = [BrokerConnection, OutboxPublisher, OutboxRelay, BrokerHealthIndicator];
    return {
      module: MessagingModule,
      global: true,
      imports: [...(options.imports ?? []), TerminusModule],
      providers: [
        {
          provide: MESSAGING_OPTIONS,
          inject: options.inject ?? [],
          useFactory: options.useFactory,
        },
        ...providers,
      ],
      exports: [MESSAGING_OPTIONS, ...providers],
    };
  }
}
