// A logger that keeps a shop's error lines, and check(), which fails the test with them: what
// startTestApp's shop logs into, and any part a test starts or wires by hand (a second gateway, a
// consumer, a worker). Warnings pass: the tests that cause one on purpose are many.
import type { Logger } from '@printshop/shared-events/logger';
import { createLogger } from '@printshop/infra/logger';

/** The name of the test running; none outside vitest (the benchmarks load this file through app.ts). */
const runningTest: () => string | undefined = await import('vitest').then(
  ({ expect }) =>
    () =>
      expect.getState().currentTestName,
  () => () => undefined,
);

/** Each error line is kept after the name of the test running when it was logged. */
export function errorCatcher(label: string): { logger: Logger; check(): void } {
  const errors: string[] = [];
  return {
    logger: createLogger({
      level: 'error',
      name: label,
      destination: {
        write: (line: string) => void errors.push(`[${runningTest() ?? 'between tests'}] ${line}`),
      },
    }),
    /** Throws with the lines caught since the last check (so a check after each test names only its own). */
    check() {
      const lines = errors.splice(0);
      if (lines.length > 0) throw new Error(`the shop logged ${lines.length} error(s):\n${lines.join('')}`);
    },
  };
}
