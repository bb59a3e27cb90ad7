import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test controls, to cut one client off from PostgreSQL or RabbitMQ without touching the
 * real server (and so without disturbing other tests). Point the client at `proxy.port`.
 */
export class TcpProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private isCut = false;
  port = 0;

  /** Starts a proxy to `targetHost:targetPort` on a free local port. */
  static async start(targetHost: string, targetPort: number): Promise<TcpProxy> {
    return new TcpProxy().start(targetHost, targetPort);
  }

  async start(targetHost: string, targetPort: number): Promise<this> {
    const server = createServer((client) => this.accept(client, targetHost, targetPort));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  /** `url` with its host and port replaced by the proxy's (e.g. an amqp:// or postgres:// URL). */
  urlFor(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  /** Drops every open connection and refuses new ones until `restore()`: the server looks gone. */
  cut(): void {
    this.isCut = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.isCut = false;
  }

  async stop(): Promise<void> {
    this.cut();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(client: Socket, targetHost: string, targetPort: number): void {
    if (this.isCut) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    for (const [socket, peer] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(socket);
      socket.on('error', () => peer.destroy());
      socket.on('close', () => {
        this.sockets.delete(socket);
        peer.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
