// A real SMTP server (the `smtp-server` package) for the mail tests: it requires a login, keeps
// every message it accepts with its envelope and raw bytes, and can be told to refuse (451) to
// play an SMTP outage.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP login the client used. */
  user: string | undefined;
  from: string | undefined;
  to: string[];
  /** The message as sent (RFC 822). */
  raw: string;
}

export interface TestSmtp {
  /** smtp://user:pass@127.0.0.1:port */
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with 451 (try again later). */
  refusing: boolean;
  close(): Promise<void>;
}

const readAll = async (stream: SMTPServerDataStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startSmtpServer(login = { user: 'shop', pass: 's3cret-Pass' }): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    received: [],
    refusing: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
  const server = new SMTPServer({
    // Plain connection on localhost: no STARTTLS (its self-signed certificate would be refused).
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === login.user && auth.password === login.pass)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      readAll(stream).then(
        (raw) => {
          if (state.refusing) {
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
          state.received.push({
            user: session.user as string | undefined,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://${login.user}:${login.pass}@127.0.0.1:${port}`;
  return state;
}

/** The decoded text of a raw message (quoted-printable soft breaks and =XX escapes undone). */
export function decodedBody(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A header's value (first occurrence, unfolded). */
export function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match?.[1];
}
