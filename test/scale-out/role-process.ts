// One role of the shop as its own process: the real entry point (`node --import tsx
// infra/src/main.ts --role <role>`) with the environment a scale-out shares. Its pino log lines are
// kept (parsed) so a test can tell when, and where, a projection or reactor became active.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entryPoint = path.join(root, 'infra', 'src', 'main.ts');

export type Role = 'gateway' | 'projections' | 'reactors';

export interface LogLine {
  time: number;
  msg: string;
  projection?: string;
  reactor?: string;
  [field: string]: unknown;
}

export interface RoleProcess {
  name: string;
  role: Role;
  pid: number;
  /** http://127.0.0.1:<port> for a gateway. */
  url: string;
  logs: LogLine[];
  /** Resolves once the process printed that it is running. */
  running: Promise<void>;
  /** Everything it printed, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown, its sockets (and so its Postgres session and advisory locks) just end. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 15 s. */
  stop(): Promise<void>;
}

export function startRole(name: string, role: Role, env: Record<string, string>): RoleProcess {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entryPoint, '--role', role], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let pending = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proc: RoleProcess = {
    name,
    role,
    pid: child.pid!,
    url: '',
    logs: [],
    running: Promise.resolve(),
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      }
    },
  };
  proc.running = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('{')) {
          try {
            proc.logs.push(JSON.parse(line) as LogLine);
          } catch {
            // not a log line
          }
        }
        const gateway = /running at http:\/\/localhost:(\d+)/.exec(line);
        if (gateway) proc.url = `http://127.0.0.1:${gateway[1]}`;
        if (gateway || /PrintShop \w+ is running/.test(line)) resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`${name} exited before it was running:\n${output}`)));
  });
  // Rejections are read through `running`; an unobserved one must not fail the run.
  proc.running.catch(() => undefined);
  return proc;
}

/** The first time (ms) a log line matching `match` was written at or after `since`. */
export function loggedAt(
  proc: RoleProcess,
  match: (line: LogLine) => boolean,
  since = 0,
): number | undefined {
  return proc.logs.find((line) => line.time >= since && match(line))?.time;
}
