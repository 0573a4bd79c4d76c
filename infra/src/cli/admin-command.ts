// `npm run admin -- create <email>`: creates the account as an admin with a one-time random
// password printed once (the user should change it at once), or promotes an existing account (its
// password is left alone). Events carry the actor 'system'.
import { randomUUID } from 'node:crypto';
import { EXIT, type CliContext } from '@printshop/projections/cli/context';
import { emailSchema } from '@printshop/shared-events/rules/password-policy';
import { ensureAdmin } from '@printshop/command-service/user/ensure-admin';
import { generatePassword } from '@printshop/command-service/user/passwords';
import { migrate } from '../startup/migrate';

const USAGE = 'usage: npm run admin -- create <email>';

export async function adminCommand(context: CliContext & { eventStoreDb?: boolean }): Promise<number> {
  const { args, out } = context;
  const [command, email, ...rest] = args;
  if (command !== 'create' || !email || rest.length > 0) {
    out(USAGE);
    return EXIT.usage;
  }
  if (!emailSchema.safeParse(email).success) {
    out(`Not an e-mail address: ${email}\n${USAGE}`);
    return EXIT.usage;
  }
  // A database nobody started the shop on yet gets its tables first (idempotent).
  await migrate(context.db, { postgresEventStore: !context.eventStoreDb });
  const password = generatePassword();
  const { outcome } = await ensureAdmin(
    { store: context.store, now: () => new Date(), newId: randomUUID },
    { email, password },
  );
  if (outcome === 'created') {
    out(`Created the admin account ${email.trim()}.`);
    out(`One-time password: ${password}`);
    out('Sign in with it and change it at once (Account > Change Password); it is not shown again.');
  } else if (outcome === 'promoted') {
    out(`${email.trim()} is an admin now; its password is unchanged.`);
  } else {
    out(`${email.trim()} is already an admin; nothing changed.`);
  }
  return EXIT.ok;
}
