import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a path answers: a status (optional headers, body, delay), or never answering at all. */
export type Behaviour =
  { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hang';

/**
 * A real HTTP receiver on 127.0.0.1 for tests. Each path has a behaviour; a function behaviour can
 * change with the count of requests seen on that path (fail twice, then succeed).
 */
export class TestReceiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly behaviours = new Map<string, (seen: number) => Behaviour>();
  private readonly hanging = new Set<() => void>();
  private server!: Server;
  port = 0;

  static async start(): Promise<TestReceiver> {
    const receiver = new TestReceiver();
    receiver.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0];
        receiver.requests.push({
          path,
          at: Date.now(),
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const seen = receiver.requests.filter((request) => request.path === path).length;
        const behaviour = receiver.behaviours.get(path)?.(seen) ?? { status: 200 };
        if (behaviour === 'hang') {
          const close = () => res.destroy();
          receiver.hanging.add(close);
          res.on('close', () => receiver.hanging.delete(close));
          return;
        }
        const answer = () => {
          res.writeHead(behaviour.status, behaviour.headers);
          res.end(behaviour.body ?? '');
        };
        if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    receiver.port = (receiver.server.address() as AddressInfo).port;
    return receiver;
  }

  on(path: string, behaviour: Behaviour | ((seen: number) => Behaviour)): string {
    this.behaviours.set(path, typeof behaviour === 'function' ? behaviour : () => behaviour);
    return this.url(path);
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  to(path: string): ReceivedRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  async stop(): Promise<void> {
    for (const close of this.hanging) close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
