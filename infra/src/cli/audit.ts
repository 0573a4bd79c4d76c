// Entry point of `npm run audit -- <stream>` and `npm run audit -- --verify` (see projections/src/cli/audit.ts).
import { audit } from '@printshop/projections/cli/audit';
import { runOperatorCommand } from './operator-context';

await runOperatorCommand(audit);
