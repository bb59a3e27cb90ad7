import { percentile } from '../support/percentile';

const round = (ms: number) => Math.round(ms * 100) / 100;

export function summarise(run: {
  via: string;
  concurrency: number;
  measuredS: number;
  onboardings: number;
  samples: Map<string, number[]>;
  failures: Record<string, number>;
  targetP99Ms: number;
}) {
  const perCall: Record<
    string,
    { count: number; p50_ms: number; p95_ms: number; p99_ms: number; max_ms: number }
  > = {};
  const all: number[] = [];
  for (const [name, values] of run.samples) {
    const sorted = [...values].sort((a, b) => a - b);
    all.push(...sorted);
    perCall[name] = {
      count: sorted.length,
      p50_ms: round(percentile(sorted, 50)),
      p95_ms: round(percentile(sorted, 95)),
      p99_ms: round(percentile(sorted, 99)),
      max_ms: round(sorted[sorted.length - 1] ?? 0),
    };
  }
  all.sort((a, b) => a - b);
  const worstP99 = Math.max(0, ...Object.values(perCall).map((call) => call.p99_ms));
  return {
    via: run.via,
    concurrent_partners: run.concurrency,
    measured_s: round(run.measuredS),
    onboardings: run.onboardings,
    onboardings_per_s: round(run.onboardings / run.measuredS),
    calls: all.length,
    calls_per_s: round(all.length / run.measuredS),
    p50_ms_all_calls: round(percentile(all, 50)),
    p99_ms_all_calls: round(percentile(all, 99)),
    per_call: perCall,
    failures: run.failures,
    target_p99_ms_per_call: run.targetP99Ms,
    target_met: worstP99 < run.targetP99Ms && Object.keys(run.failures).length === 0,
  };
}
