// Where the CPU of a measured run went, per request: the bench server process (the shop), every
// Postgres process, nats-server and this process (the load generator, and the sink where there is
// one). Read from /proc (Linux), so on another system the details just leave it out. A ratio says
// whether a goal is met; this says which part to work on next.
import { readdirSync, readFileSync } from 'node:fs';

type Part = 'shop' | 'postgres' | 'nats' | 'loadgen';

/** utime + stime of a process and its threads, in seconds; 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function processesNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

function sample(shopPid: number): Record<Part, number> {
  const sum = (name: string) => processesNamed(name).reduce((total, pid) => total + cpuSeconds(pid), 0);
  const own = process.cpuUsage();
  return {
    shop: cpuSeconds(shopPid),
    postgres: sum('postgres'),
    nats: sum('nats-server'),
    loadgen: (own.user + own.system) / 1e6,
  };
}

/** Starts counting; `perRequest(n)` gives each part's CPU milliseconds per request of the run. */
export function cpuMeter(shopPid: number | undefined) {
  if (shopPid === undefined || !readdirSafe('/proc')) return { perRequest: () => undefined };
  const start = sample(shopPid);
  return {
    perRequest(requests: number): Record<Part, number> | undefined {
      if (requests === 0) return undefined;
      const end = sample(shopPid);
      const per = (part: Part) => Math.round((1e6 * (end[part] - start[part])) / requests) / 1000;
      return { shop: per('shop'), postgres: per('postgres'), nats: per('nats'), loadgen: per('loadgen') };
    },
  };
}

function readdirSafe(dir: string): boolean {
  try {
    readdirSync(dir);
    return true;
  } catch {
    return false;
  }
}

/**
 * Node flags for a bench server: with BENCH_CPU_PROFILE=<dir> it writes a V8 CPU profile there when
 * it exits (open it in Chrome's DevTools), to see which functions the `shop` figure is made of.
 */
export const profileFlags = (): string[] => {
  const dir = process.env.BENCH_CPU_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
};
