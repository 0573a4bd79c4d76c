// Starts a `nats-server` found on PATH with JetStream, for `npm start` and tests on machines
// without a running NATS. Returns undefined when there is no such binary.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { stopLeftover } from './leftover';

export interface NatsServerHandle {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

export const findNatsServer = (): string | undefined => {
  for (const candidate of [
    'nats-server',
    '/usr/sbin/nats-server',
    '/usr/bin/nats-server',
    '/usr/local/bin/nats-server',
  ]) {
    const found = spawnSync(candidate, ['--version'], { stdio: 'ignore' });
    if (found.status === 0) return candidate;
  }
  return undefined;
};

export const waitForPort = async (port: number, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await canConnect('127.0.0.1', port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
};

export const canConnect = (host: string, port: number, timeoutMs = 500): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** Waits between restarts of a server that died: 0.5 s, doubling to 30 s, back to 0.5 s once up. */
const RESTART_DELAYS_MS = { first: 500, max: 30_000 };

export async function startNatsServer(options: {
  storeDir: string;
  port?: number;
  /** Where its pid is kept, so a start after our crash can stop the server we left running. */
  pidFile?: string;
  /** Told when a server an earlier run left was stopped. */
  onLeftover?: (pid: number) => void;
  /**
   * Start it again, on the same port and store, whenever it dies (killed, crashed, out of memory):
   * the shop's connections reconnect by themselves, and its outboxes catch up once it is back.
   */
  restart?: {
    onDied(exit: { code: number | null; signal: NodeJS.Signals | null }): void;
    onRestarted(): void;
    onRestartFailed(error: unknown): void;
  };
}): Promise<NatsServerHandle | undefined> {
  const binary = findNatsServer();
  if (!binary) return undefined;
  const storeDir = path.resolve(options.storeDir);
  if (options.pidFile) {
    // Ours only when it runs on this very store.
    const left = await stopLeftover({ pidFile: options.pidFile, mustContain: ['nats-server', storeDir] });
    if (left !== undefined) options.onLeftover?.(left);
  }
  const port = options.port ?? (await freePort());
  mkdirSync(storeDir, { recursive: true, mode: 0o700 });
  const pidArgs = options.pidFile ? ['-P', options.pidFile] : [];

  async function launch() {
    // Its own process group: a signal to ours (Ctrl-C, a container stop) must not cut the bus from
    // under the parts still stopping; we stop it ourselves, after them.
    const child = spawn(
      binary!,
      ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, ...pidArgs],
      {
        stdio: 'ignore',
        detached: true,
      },
    );
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    let up = false;
    try {
      await Promise.race([
        waitForPort(port).then(() => (up = true)),
        exited.then(() => {
          if (!up) throw new Error(`nats-server exited at start (port ${port} or its store in use?)`);
        }),
      ]);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
    return { child, exited };
  }

  let current = await launch();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  const supervise = (running: typeof current, restart: NonNullable<typeof options.restart>) => {
    void running.exited.then((exit) => {
      if (stopping) return;
      restart.onDied(exit);
      let delay = RESTART_DELAYS_MS.first;
      const again = () => {
        timer = setTimeout(() => {
          if (stopping) return;
          launch().then(
            (next) => {
              if (stopping) return void next.child.kill('SIGTERM');
              current = next;
              restart.onRestarted();
              supervise(next, restart);
            },
            (error: unknown) => {
              restart.onRestartFailed(error);
              delay = Math.min(delay * 2, RESTART_DELAYS_MS.max);
              again();
            },
          );
        }, delay);
      };
      again();
    });
  };
  if (options.restart) supervise(current, options.restart);

  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    get process() {
      return current.child;
    },
    stop: async () => {
      stopping = true;
      clearTimeout(timer);
      const { child, exited } = current;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (options.pidFile) rmSync(options.pidFile, { force: true });
    },
  };
}
