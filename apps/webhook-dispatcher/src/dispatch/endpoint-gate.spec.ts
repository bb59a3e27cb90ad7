import { EndpointGate } from './endpoint-gate';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('EndpointGate', () => {
  it('runs up to the per-endpoint limit, queues a short backlog, rejects the rest', async () => {
    const gate = new EndpointGate(2, 1);
    const hanging = deferred();
    const started: number[] = [];
    const task = (n: number) => () => {
      started.push(n);
      return hanging.promise;
    };
    expect([1, 2, 3, 4].map((n) => gate.admit('slow', task(n)))).toEqual([
      'started',
      'started',
      'queued',
      'rejected',
    ]);
    expect(started).toEqual([1, 2]);
    expect(gate.admit('fast', async () => undefined)).toBe('started');
    hanging.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
  });

  it('forgets idle endpoints', async () => {
    const gate = new EndpointGate(1, 1);
    gate.admit('a', async () => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.size).toBe(0);
    expect(gate.load('a')).toBe(0);
  });
});
