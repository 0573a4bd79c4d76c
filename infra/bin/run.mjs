// `node infra/bin/run.mjs <file.ts> [args…]`: installs dependencies when missing, then runs a
// TypeScript file with tsx (npm run bench / replay / audit).
import path from 'node:path';
import { runForwardingSignals } from './child.mjs';
import { ensureDeps, root } from './ensure-deps.mjs';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  console.error('usage: node infra/bin/run.mjs <file.ts> [args…]');
  process.exit(2);
}
ensureDeps();
runForwardingSignals(process.execPath, ['--import', 'tsx', path.resolve(root, file), ...args], { cwd: root });
