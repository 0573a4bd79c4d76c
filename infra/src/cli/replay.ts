// Entry point of `npm run replay -- <projection>... | --all` (see projections/src/cli/replay.ts).
import { replay } from '@printshop/projections/cli/replay';
import { runOperatorCommand } from './operator-context';

await runOperatorCommand(replay);
