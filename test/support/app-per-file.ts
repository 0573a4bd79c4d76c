// One test app per test file, started before the file's tests and stopped after them: the hooks
// every API test file would otherwise repeat, so that a suite split into several files shares them.
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './app';

/** Starts the app in `beforeAll` and hands it to `use` (the file's `let app`); stops it in `afterAll`. */
export function appPerFile(options: Parameters<typeof startTestApp>[0], use: (app: TestApp) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(options);
    use(app);
  });
  afterAll(async () => {
    await app?.stop();
  });
}
