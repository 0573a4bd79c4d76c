// The shop a journey drives, as startTestApp starts it, with one more check: it logs no error while
// the journey runs. Every page and call of a journey may pass while the shop fails someone on the
// side (a reactor, a stream cut off, a consumer): its error log is where that shows, so stop()
// throws with the lines when there are any.
import { createLogger } from '@printshop/infra/logger';
import { startTestApp, type TestApp } from '../../support/app';

type Options = Omit<NonNullable<Parameters<typeof startTestApp>[0]>, 'logger'>;

export async function startJourneyApp(options: Options): Promise<TestApp> {
  const errors: string[] = [];
  const logger = createLogger({
    level: 'error',
    name: options.label,
    destination: { write: (line: string) => void errors.push(line) },
  });
  const app = await startTestApp({ ...options, logger });
  return {
    ...app,
    async stop() {
      await app.stop();
      if (errors.length > 0) {
        throw new Error(`the shop logged ${errors.length} error(s) during the journey:\n${errors.join('')}`);
      }
    },
  };
}
