// Installs the dependencies with `npm ci` when node_modules is missing or older than
// package-lock.json. Plain Node with no dependencies: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** True when `npm ci` is needed: no install yet, or the lock file changed since the last one. */
export function depsOutdated(dir = root) {
  // npm writes node_modules/.package-lock.json at the end of every install.
  const installed = path.join(dir, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return true;
  return statSync(path.join(dir, 'package-lock.json')).mtimeMs > statSync(installed).mtimeMs;
}

export function ensureDeps(dir = root) {
  if (!depsOutdated(dir)) return;
  console.log('[printshop] installing dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[printshop] npm ci failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) ensureDeps();
