import {
  Module,
  type DynamicModule,
  type FactoryProvider,
  type ModuleMetadata,
} from '@nestjs/common';
import { BrokerConnection } from './broker-connection';
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
    const providers = [BrokerConnection, OutboxPublisher, OutboxRelay];
    return {
      module: MessagingModule,
      global: true,
      imports: options.imports ?? [],
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
