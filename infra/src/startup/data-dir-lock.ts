// One shop at a time on a DATA_DIR's embedded services: a second start would otherwise take the
// first one's Postgres and nats-server for leftovers of a crash. DATA_DIR/printshop.pid names the
// process that owns them; a file whose process is gone (a crash) is simply taken over.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { commandLine, isAlive, readPidFile } from '../embedded/leftover';
import { StartupError } from './startup-error';

/** Claims `dataDir` for this process; returns the release. */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'printshop.pid');
  const holder = readPidFile(file);
  if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
    const command = commandLine(holder) ?? '';
    if (/start\.mjs|main\.ts/.test(command)) {
      throw new StartupError(
        `DATA_DIR ${dataDir} is in use by another PrintShop (pid ${holder}): stop it, or give this one its own DATA_DIR`,
      );
    }
  }
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    // Only our own claim: a later start may have taken the folder over.
    if (readPidFile(file) === process.pid) rmSync(file, { force: true });
  };
}
