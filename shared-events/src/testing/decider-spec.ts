// given / when / then for deciders, as in Emmett's DeciderSpecification:
//   spec.given([events]).when(command).then([events])  or  .thenThrows(ErrorClass, message?)
import { asArray, fold, type Decider, type Event } from '../decider';

const show = (value: unknown) => JSON.stringify(value, null, 2);

export const deciderSpec = <State, Command, E extends Event>(decider: Decider<State, Command, E>) => ({
  given: (events: readonly E[]) => ({
    when: (command: Command) => {
      const run = () => asArray(decider.decide(command, fold(decider, events)));
      return {
        then(expected: readonly E[]) {
          const actual = run();
          if (show(actual) !== show(expected)) {
            throw new Error(
              `Expected events:\n${show(expected)}\nbut the decider produced:\n${show(actual)}`,
            );
          }
        },
        thenThrows(errorClass: abstract new (...args: never[]) => Error, message?: string | RegExp) {
          let actual: E[] | undefined;
          try {
            actual = run();
          } catch (error) {
            if (!(error instanceof errorClass))
              throw new Error(`Expected ${errorClass.name}, got ${String(error)}`);
            if (typeof message === 'string' && error.message !== message) {
              throw new Error(`Expected message "${message}", got "${error.message}"`);
            }
            if (message instanceof RegExp && !message.test(error.message)) {
              throw new Error(`Expected message matching ${message}, got "${error.message}"`);
            }
            return;
          }
          throw new Error(`Expected ${errorClass.name}, but the decider produced:\n${show(actual)}`);
        },
      };
    },
  }),
});
