// Processes an earlier run left behind. The embedded Postgres and nats-server run in their own
// process groups (so a signal to our group reaches us alone and we stop them in order); the price is
// that a crash of ours (kill -9) leaves them running. Their pid files under DATA_DIR let the next
// start find them, and the command line check keeps us from signalling a stranger that got the pid.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process's command line, or undefined when it is gone (or cannot be read). */
export function commandLine(pid: number): string | undefined {
  const proc = `/proc/${pid}/cmdline`;
  if (existsSync('/proc/self/cmdline')) {
    try {
      return readFileSync(proc, 'utf8').split('\0').join(' ').trim() || undefined;
    } catch {
      return undefined;
    }
  }
  const ps = spawnSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
  return ps.status === 0 ? ps.stdout.trim() || undefined : undefined;
}

/** The first line of a pid file as a pid, when it holds one. */
export function readPidFile(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]?.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Stops the process named in `pidFile` when it is still alive and its command line contains
 * `mustContain` (our binary and our data folder). Returns its pid when there was one to stop.
 */
export async function stopLeftover(o: {
  pidFile: string;
  mustContain: readonly string[];
  signal?: NodeJS.Signals;
  timeoutMs?: number;
}): Promise<number | undefined> {
  const pid = readPidFile(o.pidFile);
  if (pid === undefined || !isAlive(pid)) return undefined;
  const command = commandLine(pid);
  if (!command || !o.mustContain.every((part) => command.includes(part))) return undefined;
  process.kill(pid, o.signal ?? 'SIGTERM');
  if (!(await waitForExit(pid, o.timeoutMs ?? 10_000))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 2_000);
  }
  return pid;
}
