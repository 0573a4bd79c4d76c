// DATA_DIR's private folders, made before anything writes into them: the uploaded photos and the
// dev mailbox (password-reset links) are for this user only, 0700 like the secrets folder.
import { mkdirSync } from 'node:fs';
import { keepPrivate, type Config } from '../config';
import { devMailboxDir } from '../mail/create-mailer';
import { StartupError } from './startup-error';

export function prepareDataDir(config: Pick<Config, 'dataDir' | 'imageDir' | 'smtpUrl'>): void {
  const folders = [config.imageDir, ...(config.smtpUrl ? [] : [devMailboxDir(config.dataDir)])];
  for (const folder of folders) {
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      keepPrivate(folder, 0o700);
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (!code) throw error;
      throw new StartupError(`cannot make the private folder ${folder} (${code}): is DATA_DIR writable?`);
    }
  }
}
