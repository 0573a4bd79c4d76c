// `npm start`: installs dependencies when missing, builds the frontend when its build is missing
// or older than its sources (unless SKIP_FRONTEND_BUILD=1), then runs PrintShop (infra/src/main.ts)
// with the given arguments in this same process: whoever signals `npm start` (Ctrl-C, a process
// manager's SIGTERM, a signal to the whole group) reaches the shop itself, and a crash of this
// process is a crash of the shop, whose leftovers the next start cleans up.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDeps, root } from './ensure-deps.mjs';

const frontend = path.join(root, 'frontend');
const built = path.join(frontend, 'dist', 'index.html');

/** Newest modification time under `entry` (a file or a folder), skipping build output. */
function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    latest = Math.max(latest, newest(path.join(entry, name)));
  }
  return latest;
}

function frontendIsStale() {
  if (!existsSync(built)) return true;
  return newest(frontend) > statSync(built).mtimeMs;
}

ensureDeps();
if (!['1', 'true'].includes(process.env.SKIP_FRONTEND_BUILD ?? '') && frontendIsStale()) {
  console.log('[printshop] building the frontend…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '--workspace', 'frontend'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[printshop] the frontend build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

// `npm start` stopped with SIGTERM may end its shell without telling us: when our parent goes away,
// stop as if we had been told.
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  process.kill(process.pid, 'SIGTERM');
}, 500);
watch.unref();

// Relative settings (DATA_DIR=./data) mean the same as they did when `npm start` ran the shop in root.
process.chdir(root);
// tsx is installed by now (ensureDeps): load its hooks, then the TypeScript entry point.
await import('tsx');
await import(pathToFileURL(path.join(root, 'infra', 'src', 'main.ts')).href);
