import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The benchmark's receiver, in its own process: `/fast/*` answers 200 at once, `/hang/*` never
 * answers. It reports over IPC how many fast deliveries arrived and each one's event-to-receiver
 * latency (now minus the event's `created_at`).
 */
let fast = 0;
let hanging = 0;
let latencies: number[] = [];

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (req.url?.startsWith('/hang/')) {
      hanging++;
      return;
    }
    if (req.url?.startsWith('/fast/')) {
      fast++;
      const createdAt = Date.parse(
        (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { created_at: string }).created_at,
      );
      latencies.push(Date.now() - createdAt);
    }
    res.writeHead(200, { 'content-length': '0' });
    res.end();
  });
});
server.keepAliveTimeout = 10_000;

server.listen(0, '127.0.0.1', () => {
  process.send?.({ kind: 'listening', port: (server.address() as AddressInfo).port });
});

process.on('message', (message: { kind: string }) => {
  if (message.kind === 'stats') process.send?.({ kind: 'stats', fast, hanging, latencies });
  if (message.kind === 'reset') {
    fast = 0;
    hanging = 0;
    latencies = [];
    process.send?.({ kind: 'reset' });
  }
  if (message.kind === 'stop') server.close(() => process.exit(0));
});
