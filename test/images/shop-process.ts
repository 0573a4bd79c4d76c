// The real entry point (infra/src/main.ts) in a child process on a fresh database, the test NATS
// (own bus namespace) and a temp DATA_DIR, so a test can read the server's own memory from
// /proc/<pid>/status rather than that of the test process.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from 'nats';
import { namespaceStream } from '@printshop/infra/bus/namespaced-bus';
import { createTestDatabase, natsUrl } from '@printshop/test/support/database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entryPoint = path.join(root, 'infra', 'src', 'main.ts');

export interface ShopProcess {
  url: string;
  pid: number;
  dataDir: string;
  /** Output so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** kB fields of /proc/<pid>/status, in bytes: VmRSS (now) and VmHWM (peak since start). */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

export async function startShopProcess(
  label: string,
  env: Record<string, string> = {},
): Promise<ShopProcess> {
  const database = await createTestDatabase(label);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'printshop-proc-'));
  const namespace = `t${randomBytes(5).toString('hex')}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entryPoint, '--role', 'all'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: database.url,
      NATS_URL: natsUrl(),
      DATA_DIR: dataDir,
      BUS_NAMESPACE: namespace,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const running = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (running) resolve(Number(running[1]));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`the shop exited before it was running:\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
    }
    const nc = await connect({ servers: natsUrl() });
    await (
      await nc.jetstreamManager()
    ).streams
      .delete(namespaceStream(namespace).streamName)
      .catch(() => false);
    await nc.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, dataDir, output: () => output, stop };
}
