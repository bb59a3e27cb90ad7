import type { Writable } from 'node:stream';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { connect, type AmqpConnectionManager, type ChannelWrapper } from 'amqp-connection-manager';
import type { ConfirmChannel } from 'amqplib';
import { MESSAGING_OPTIONS, type MessagingOptions } from './messaging.options';
import { batchWritesPerTurn } from './turn-write-batching';

export type BrokerConnectionOptions = Pick<
  MessagingOptions,
  'url' | 'exchange' | 'serviceName' | 'heartbeatSeconds' | 'reconnectSeconds'
>;

/** Declares the domain-event exchange; run first in every channel's setup so it exists before any use. */
export async function assertEventExchange(
  channel: ConfirmChannel,
  exchange: string,
): Promise<void> {
  await channel.assertExchange(exchange, 'topic', { durable: true });
}

/**
 * One AMQP connection per process that survives broker restarts: amqp-connection-manager reconnects,
 * re-runs every channel's setup (topology) and resumes its consumers.
 */
@Injectable()
export class BrokerConnection implements OnApplicationShutdown {
  private readonly logger = new Logger(BrokerConnection.name);
  private readonly manager: AmqpConnectionManager;
  private closed = false;

  constructor(@Inject(MESSAGING_OPTIONS) private readonly options: BrokerConnectionOptions) {
    const heartbeat = options.heartbeatSeconds ?? 5;
    this.manager = connect([options.url], {
      heartbeatIntervalInSeconds: heartbeat,
      reconnectTimeInSeconds: options.reconnectSeconds ?? 1,
      connectionOptions: { clientProperties: { connection_name: options.serviceName } },
    });
    this.manager.on('connect', ({ connection }) => {
      // amqplib's Connection keeps its socket as `stream`; it is not in the published typings.
      const { stream } = (connection as unknown as { connection: { stream: Writable } }).connection;
      batchWritesPerTurn(stream);
      this.logger.log(`connected to broker as ${options.serviceName}`);
    });
    this.manager.on('disconnect', ({ err }) => {
      if (!this.closed) this.logger.warn(`broker connection lost: ${err?.message ?? 'closed'}`);
    });
    this.manager.on('connectFailed', ({ err }) =>
      this.logger.warn(`broker unreachable, retrying: ${err.message}`),
    );
    this.manager.on('blocked', ({ reason }) =>
      this.logger.warn(`broker blocked publishing: ${reason}`),
    );
  }

  /** The domain-event exchange (durable, topic). */
  get exchange(): string {
    return this.options.exchange;
  }

  /**
   * A confirm channel with raw Buffer payloads. `setup` declares the caller's topology; it runs again
   * after every reconnect, after the domain-event exchange has been declared.
   */
  createChannel(setup?: (channel: ConfirmChannel) => Promise<void>, name?: string): ChannelWrapper {
    const channel = this.manager.createChannel({
      name,
      confirm: true,
      json: false,
      setup: async (confirmChannel: ConfirmChannel) => {
        await assertEventExchange(confirmChannel, this.options.exchange);
        if (setup) await setup(confirmChannel);
      },
    });
    // Without a listener an 'error' (e.g. a failed topology setup) would crash the process.
    channel.on('error', (error: Error) =>
      this.logger.error(`channel ${name ?? 'unnamed'} failed: ${error.message}`),
    );
    return channel;
  }

  isConnected(): boolean {
    return this.manager.isConnected();
  }

  /** Resolves once connected, or rejects after `timeoutMs` (reconnecting continues in the background). */
  async waitForConnect(timeoutMs = 10_000): Promise<void> {
    // The manager's connect() waits for the next 'connect' event, which never comes when already up.
    if (this.manager.isConnected()) return;
    await this.manager.connect({ timeout: timeoutMs });
  }

  /** Subscribes to connection state changes; returns the unsubscribe function. */
  onStateChange(listener: (connected: boolean) => void): () => void {
    const up = () => listener(true);
    const down = () => listener(false);
    this.manager.on('connect', up);
    this.manager.on('disconnect', down);
    return () => {
      this.manager.removeListener('connect', up);
      this.manager.removeListener('disconnect', down);
    };
  }

  /** The underlying manager, for what this class does not wrap. */
  unwrap(): AmqpConnectionManager {
    return this.manager;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.manager.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
