// Runs a child process for a launcher (run.mjs: bench, replay, audit, admin) and hands it the
// launcher's signals. The child gets its own process group, so a terminal's Ctrl-C reaches it once
// (through us). `npm start` does not use it: the shop runs in start.mjs's own process.
import { spawn } from 'node:child_process';

export function runForwardingSignals(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', detached: true, ...options });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));
  // `npm start` stopped with SIGTERM ends its shell without telling us: when our parent goes away,
  // stop the child as if we had been told.
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    forward('SIGTERM');
  }, 500);
  watch.unref();
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(`[printshop] could not run ${command}: ${error.message}`);
    process.exit(1);
  });
  return child;
}
