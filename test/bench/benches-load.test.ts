// The benchmarks stay out of `npm test`, so nothing else notices when one can no longer start: each
// module `npm run bench` names is imported as the bench runner imports it, in plain Node with tsx,
// outside vitest (a helper importing vitest broke the frontend one so, unseen, in 09510b7).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const runner = readFileSync(path.join(here, 'run.ts'), 'utf8');
const modules = [...runner.matchAll(/import\('\.\/([\w.-]+)'\)/g)].map((match) => match[1]!);

describe('npm run bench', () => {
  it('names its benchmarks', () => {
    expect(modules).toContain('cart.bench');
  });

  it.each(modules)('given %s, when imported outside vitest, then it loads and has run()', (name) => {
    const url = pathToFileURL(path.join(here, `${name}.ts`)).href;
    const loaded = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(url)});` +
          `if (typeof m.run !== 'function') throw new Error('no run()');`,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(loaded.stderr).toBe('');
    expect(loaded.status).toBe(0);
  });
});
