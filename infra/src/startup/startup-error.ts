// A start-up failure whose message is the whole story for the operator, in one line (a port in use
// by another program, a folder we cannot write): printed as is, without a stack.
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
