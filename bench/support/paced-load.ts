import { Pool } from 'undici';
import { percentile } from './percentile';

export interface PacedResult {
  requests: number;
  req_per_sec: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
  errors: number;
}

/**
 * GETs `url` at an even `rate` per second for `seconds` (open loop: request i is due at
 * start + i / rate whatever the earlier ones are doing). Latency runs from when a request was due,
 * so a stall shows up in every request it delayed instead of hiding them (coordinated omission).
 *
 * autocannon's `overallRate` sends each second's quota back to back and then waits, so its
 * "fixed rate" is a saturating burst every second, and its latency is queueing in that burst.
 */
export async function pacedGet(
  url: string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
  connections: number,
): Promise<PacedResult> {
  const { origin, pathname, search } = new URL(url);
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const startedAt = performance.now();
  const inFlight: Promise<void>[] = [];
  const send = (dueAt: number) =>
    pool
      .request({ method: 'GET', path: `${pathname}${search}`, headers })
      .then(async (response) => {
        await response.body.dump();
        if (response.statusCode < 200 || response.statusCode >= 300) non2xx++;
        latencies.push(performance.now() - dueAt);
      })
      .catch(() => {
        errors++;
      });
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && startedAt + (sent * 1000) / rate <= now) {
        inFlight.push(send(startedAt + (sent * 1000) / rate));
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - startedAt) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    req_per_sec: Math.round(total / elapsedS),
    p50_ms: Number(percentile(latencies, 50).toFixed(2)),
    p99_ms: Number(percentile(latencies, 99).toFixed(2)),
    non_2xx: non2xx,
    errors,
  };
}
