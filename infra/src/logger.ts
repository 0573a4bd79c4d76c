// The process logger: pino, JSON lines. Secrets are redacted in case one is ever passed in an object;
// the request logger never passes headers or bodies in the first place.
import { pino, type DestinationStream, type Logger as PinoLogger, type LevelWithSilent } from 'pino';

const secrets = [
  'authorization',
  'cookie',
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'token',
];

export function createLogger(
  options: { level?: LevelWithSilent; name?: string; destination?: DestinationStream } = {},
): PinoLogger {
  const settings = {
    name: options.name ?? 'printshop',
    level: options.level ?? 'info',
    redact: {
      paths: [...secrets, ...secrets.map((key) => `*.${key}`), 'headers.authorization', 'headers.cookie'],
      censor: '[redacted]',
    },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
