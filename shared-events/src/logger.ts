// The logging surface the packages need; pino's Logger satisfies it (infra passes pino in).
export interface Logger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  child?(bindings: Record<string, unknown>): Logger;
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
