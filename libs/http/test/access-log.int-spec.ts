import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const REGISTER = path.resolve(__dirname, '../../../scripts/swc-register.js');

interface LogLine {
  level: number;
  service?: string;
  msg?: string;
  request_id?: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

describe('access and error logs of a service (a real child process, its stdout read)', () => {
  let child: ChildProcess;
  let baseUrl: string;
  let output = '';

  const lines = (): LogLine[] =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);

  async function eventually<T>(find: () => T | undefined, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`not logged within ${timeoutMs} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    child = fork(path.join(__dirname, 'fixtures/greetings-service.ts'), [], {
      execArgv: ['-r', REGISTER],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const { port } = await new Promise<{ port: number }>((resolve) =>
      child.once('message', (message) => resolve(message as { port: number })),
    );
    baseUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  it('writes one access line per request with the request id, none for health and metrics', async () => {
    await fetch(`${baseUrl}/health/live`);
    await fetch(`${baseUrl}/metrics`);
    const response = await fetch(`${baseUrl}/greetings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': 'req_logged_1',
        authorization: 'Bearer pk_test_never_logged',
      },
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect(response.status).toBe(201);
    const line = await eventually(() => lines().find((entry) => entry.req?.id === 'req_logged_1'));
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      service: 'greetings',
      request_id: 'req_logged_1',
      req: { method: 'POST', url: '/greetings' },
      res: { statusCode: 201 },
    });
    expect(line.responseTime).toBeGreaterThanOrEqual(0);
    expect(output).not.toContain('pk_test_never_logged');
    expect(lines().filter((entry) => /^\/(health|metrics)/.test(entry.req?.url ?? ''))).toEqual([]);
  });

  it('logs an unhandled error with the request id, and answers a 500 problem', async () => {
    const response = await fetch(`${baseUrl}/greetings/fail`, {
      method: 'POST',
      headers: { 'x-request-id': 'req_failed_1' },
    });
    expect(response.status).toBe(500);
    const error = await eventually(() =>
      lines().find(
        (entry) => entry.msg === 'Unhandled error' && entry.request_id === 'req_failed_1',
      ),
    );
    expect(error.level).toBe(50);
    const access = await eventually(() =>
      lines().find((entry) => entry.req?.id === 'req_failed_1' && entry.res !== undefined),
    );
    expect(access).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 500 } });
  });

  it('logs a request the caller gave up on as aborted, at warn', async () => {
    await fetch(`${baseUrl}/greetings/slow`, {
      method: 'POST',
      headers: { 'x-request-id': 'req_abandoned_1' },
      signal: AbortSignal.timeout(100),
    }).catch(() => undefined);
    const line = await eventually(() =>
      lines().find((entry) => entry.req?.id === 'req_abandoned_1'),
    );
    expect(line).toMatchObject({ level: 40, msg: 'request aborted' });
  });
});
