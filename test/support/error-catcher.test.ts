// errorCatcher: what makes a test fail when its shop logged an error, and only an error.
import { describe, expect, it } from 'vitest';
import { errorCatcher } from './error-catcher';

describe('errorCatcher', () => {
  it('given only warnings and info, when checked, then it passes', () => {
    const catcher = errorCatcher('shop');
    catcher.logger.warn({ code: 'W' }, 'a notice');
    catcher.logger.info('started');
    expect(() => catcher.check()).not.toThrow();
  });

  it('given an error logged, when checked, then it throws with the line, named by this test', () => {
    const catcher = errorCatcher('shop');
    catcher.logger.error({ err: new Error('reactor failed') }, 'handler failed');
    let thrown = '';
    try {
      catcher.check();
    } catch (error) {
      thrown = (error as Error).message;
    }
    expect(thrown).toMatch(
      /^the shop logged 1 error\(s\):\n\[errorCatcher > given an error logged, when checked, then /,
    );
    expect(thrown).toMatch(/"msg":"handler failed"/);
    expect(thrown).toMatch(/"message":"reactor failed"/);
  });

  it('given an error already reported by a check, when checked again, then it passes (one test, one report)', () => {
    const catcher = errorCatcher('shop');
    catcher.logger.error('handler failed');
    expect(() => catcher.check()).toThrow(/handler failed/);
    expect(() => catcher.check()).not.toThrow();
  });
});
