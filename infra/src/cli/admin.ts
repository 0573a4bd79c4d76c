// Entry point of `npm run admin -- create <email>` (see admin-command.ts).
import { adminCommand } from './admin-command';
import { runOperatorCommand } from './operator-context';

await runOperatorCommand((context) =>
  adminCommand({ ...context, eventStoreDb: !!process.env.EVENTSTORE_URL }),
);
