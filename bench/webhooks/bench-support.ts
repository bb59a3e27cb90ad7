import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import path from 'node:path';

export interface ReceiverStats {
  fast: number;
  hanging: number;
  latencies: number[];
}

/** The receiver child process and its IPC protocol. */
export class ReceiverProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  static async start(): Promise<ReceiverProcess> {
    // Runs from the build (npm run bench:webhooks compiles first), like the apps it measures.
    const child = fork(path.join(__dirname, 'receiver-process.js'));
    const port = await new Promise<number>((resolve) =>
      child.once('message', (message: { port: number }) => resolve(message.port)),
    );
    return new ReceiverProcess(child, port);
  }

  private ask<T>(kind: string): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (message: T) => resolve(message));
      this.child.send({ kind });
    });
  }

  stats(): Promise<ReceiverStats> {
    return this.ask('stats');
  }

  async reset(): Promise<void> {
    await this.ask('reset');
  }

  stop(): void {
    this.child.send({ kind: 'stop' });
  }
}

/** The receiver's raw capacity: POSTs/s from a plain Node HTTP client with keep-alive. */
export async function rawCeiling(
  port: number,
  body: string,
  seconds: number,
  concurrency = 64,
): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/ceiling',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        await post();
        done++;
      }
    }),
  );
  agent.destroy();
  return done / ((Date.now() - started) / 1000);
}

export async function until(
  check: () => Promise<boolean>,
  timeoutMs: number,
  stepMs = 25,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`benchmark phase did not finish within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
