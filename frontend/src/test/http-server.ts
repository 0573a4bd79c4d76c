/// <reference types="node" />
// A real HTTP server for component tests: each route answers as the test says, and every request
// is recorded, so the API client is exercised over the wire rather than against a stub.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Text, or bytes (a served image). */
  body?: string | Uint8Array;
  /** Hold the answer until this promise settles (loading states). */
  wait?: Promise<unknown>;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  /** Answer `METHOD /path` (query ignored) with `reply`; a function is called per request. */
  on(route: string, reply: Reply | ((request: RecordedRequest) => Reply)): void;
  close(): Promise<void>;
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export async function startTestServer(): Promise<TestServer> {
  const routes = new Map<string, Reply | ((request: RecordedRequest) => Reply)>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      // Browsers (and jsdom) ask first for cross-origin calls with credentials.
      const cors = {
        'access-control-allow-origin': String(req.headers.origin ?? '*'),
        'access-control-allow-credentials': 'true',
        'access-control-allow-headers': 'authorization, content-type, accept, x-min-position',
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-expose-headers': 'x-event-position, content-disposition',
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      const route = routes.get(`${recorded.method} ${recorded.url.split('?')[0]}`);
      const reply =
        typeof route === 'function'
          ? route(recorded)
          : (route ?? json({ success: false, message: 'Not found', code: 'NOT_FOUND' }, 404));
      void Promise.resolve(reply.wait).then(() => {
        res.writeHead(reply.status ?? 200, { ...cors, ...reply.headers });
        res.end(reply.body ?? '');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    on: (route, reply) => void routes.set(route, reply),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
