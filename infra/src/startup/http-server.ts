// The gateway's HTTP server. It listens before anything else starts, so a busy PORT fails at once and
// the port PORT=0 picked is known to whatever names the shop's address (mail links, sitemaps). Until
// the gateway is handed over it answers every request 503 with API.md's JSON error.
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError } from '../gateway/client-error';
import { StartupError } from './startup-error';

export interface EarlyServer {
  port: number;
  /** From now on `handler` answers the requests. */
  serve(handler: RequestListener): void;
  /** Stops accepting, lets requests in flight finish (5 s at most), then cuts what is left. */
  close(): Promise<void>;
}

const starting = (_request: IncomingMessage, response: ServerResponse) => {
  const body = JSON.stringify({
    success: false,
    message: 'The shop is starting; please try again shortly',
    code: 'SERVICE_UNAVAILABLE',
  });
  response.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '2' });
  response.end(body);
};

export async function listenEarly(port: number, host: string | undefined): Promise<EarlyServer> {
  let handler: RequestListener = starting;
  const server: Server = createServer((request, response) => handler(request, response));
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      const why = { EADDRINUSE: 'is in use by another program', EACCES: 'needs privileges we lack' };
      const reason = why[error.code as keyof typeof why];
      reject(reason ? new StartupError(`PORT ${port} ${reason}: choose another port`) : error);
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  let closed: Promise<void> | undefined;
  return {
    port: (server.address() as AddressInfo).port,
    serve: (next) => {
      handler = next;
    },
    close: () =>
      (closed ??= new Promise((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 5_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      })),
  };
}
