// `npm start`: installs dependencies when missing, builds the frontend when its build is missing
// or older than its sources, then runs PrintShop (infra/src/main.ts) with the given arguments.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { runForwardingSignals } from './child.mjs';
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
if (frontendIsStale()) {
  console.log('[printshop] building the frontend…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '--workspace', 'frontend'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[printshop] the frontend build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}
runForwardingSignals(process.execPath, ['--import', 'tsx', 'infra/src/main.ts', ...process.argv.slice(2)], {
  cwd: root,
});
