// Benchmark results as DEVELOPERS.md asks: test/bench/results/<name>.json = {name, unit, value, baseline, ratio, at}.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BenchInput {
  name: string;
  unit: string;
  value: number;
  baseline: number | null;
  ratio: number | null;
  /** Anything else worth keeping beside the figure (counts, settings). */
  details?: Record<string, unknown>;
}

export type BenchResult = BenchInput & { at: string };

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

export function writeResult(result: BenchInput): BenchResult {
  const full: BenchResult = { ...result, at: new Date().toISOString() };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `${result.name}.json`), `${JSON.stringify(full, null, 2)}\n`);
  console.log(
    `${result.name}: ${round(result.value)} ${result.unit}` +
      (result.baseline === null
        ? ''
        : ` (baseline ${round(result.baseline)}, ratio ${round(result.ratio ?? 0)})`),
  );
  return full;
}

export const round = (value: number, digits = 3) => Number(value.toPrecision(digits + 1));
