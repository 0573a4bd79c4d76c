// Every projection the runner, `npm run replay` and `npm run audit -- --verify` know about.
// Domain issues add theirs here.
import type { Projection } from './runner/projection';

export const allProjections: Projection[] = [];
