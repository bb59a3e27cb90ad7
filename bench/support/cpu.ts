import { readdir, readFile } from 'node:fs/promises';

/**
 * CPU time spent by the processes of a bench, read from Linux's /proc (user + system time, 100
 * ticks per second). Throughput on a shared two-core machine moves ±30 % with the neighbours' load;
 * CPU time per operation moves far less, so the benches report both.
 */
export interface CpuSource {
  name: string;
  cpuSeconds: () => Promise<number>;
}

const TICKS_PER_SECOND = 100;

async function pidCpuSeconds(pid: number): Promise<number> {
  // Fields 14 and 15 of /proc/<pid>/stat; the command name (field 2) may contain spaces.
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return 0;
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** One process, e.g. a service the bench started. */
export function processCpu(name: string, pid: number): CpuSource {
  return { name, cpuSeconds: () => pidCpuSeconds(pid) };
}

/** The bench's own process. */
export function ownCpu(name = 'bench_client'): CpuSource {
  return {
    name,
    cpuSeconds: async () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1e6;
    },
  };
}

/**
 * Every process whose command line matches `pattern`, e.g. PostgreSQL's backends or RabbitMQ's
 * Erlang VM. Processes that start or end inside the window count only for the part they were seen.
 */
export function processGroupCpu(name: string, pattern: RegExp): CpuSource {
  return {
    name,
    cpuSeconds: async () => {
      let total = 0;
      for (const entry of await readdir('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
        if (pattern.test(cmdline.replace(/\0/g, ' '))) total += await pidCpuSeconds(Number(entry));
      }
      return total;
    },
  };
}

/** Starts a measurement window; the returned function gives each source's CPU milliseconds per operation. */
export async function cpuWindow(
  sources: CpuSource[],
): Promise<(operations: number) => Promise<Record<string, number>>> {
  const before = await Promise.all(sources.map((source) => source.cpuSeconds()));
  return async (operations) => {
    const after = await Promise.all(sources.map((source) => source.cpuSeconds()));
    const perOperation = sources.map((source, index) => [
      source.name,
      Math.round(((after[index] - before[index]) * 1e6) / Math.max(1, operations)) / 1000,
    ]);
    const total = perOperation.reduce((sum, [, ms]) => sum + (ms as number), 0);
    return Object.fromEntries([...perOperation, ['total', Math.round(total * 1000) / 1000]]);
  };
}
