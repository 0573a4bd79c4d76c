// Testing Library's matchers, a clean DOM and clean storage between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor wait for answers of a real local HTTP server: on a loaded 2-core CI machine one can
// take over the default 1 s (seen: a bulk delete's answer). A wait still fails when nothing comes.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear(); // absent in node-environment test files
});
