// The tracking sink over HTTP, against a real local server: what it sends, how each answer is taken
// (accepted, refused for good, try again later), slow and absent sinks, and kept-alive connections.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversionsEvent } from './conversions-event';
import { createHttpSink, SinkUnavailable } from './http-sink';

const event = (id: string): ConversionsEvent => ({
  event_name: 'AddToCart',
  event_time: 1_790_000_000,
  event_id: id,
  action_source: 'website',
  user_data: { em: ['a'.repeat(64)] },
  custom_data: { value: 12.5, currency: 'USD' },
});

interface Seen {
  headers: IncomingMessage['headers'];
  body: unknown;
  /** The client's port: the same one twice means the connection was kept. */
  port: number;
}

const closers: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function sinkServer(answer: (res: ServerResponse, n: number) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        port: req.socket.remotePort!,
      });
      answer(res, seen.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`, seen };
}

function sinkAt(url: string, o: { token?: string; timeoutMs?: number } = {}) {
  const sink = createHttpSink({ url, ...o });
  closers.push(() => sink.close());
  return sink;
}

describe('the tracking sink over HTTP', () => {
  it('given a sink that accepts, when events are sent, then one JSON POST carries them all with the token, and its answer comes back', async () => {
    const server = await sinkServer((res) => res.writeHead(200).end('{"events_received":2}'));
    const answer = await sinkAt(server.url, { token: 'sink-token' }).send([event('e1'), event('e2')]);
    expect(answer).toEqual({ status: 200, snippet: '{"events_received":2}' });
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]!.body).toEqual({ data: [event('e1'), event('e2')] });
    expect(server.seen[0]!.headers['content-type']).toBe('application/json');
    expect(server.seen[0]!.headers.authorization).toBe('Bearer sink-token');
  });

  it('given a sink that refuses for good, then its status and the first 500 characters of its answer come back', async () => {
    const server = await sinkServer((res) => res.writeHead(400).end(`{"error":"${'x'.repeat(600)}"}`));
    const answer = await sinkAt(server.url).send([event('bad')]);
    expect(answer.status).toBe(400);
    expect(answer.snippet).toHaveLength(500);
    expect(answer.snippet.startsWith('{"error":"xxx')).toBe(true);
  });

  it.each([408, 429, 500, 503])(
    'given a sink answering %i, then the events are to be tried again later',
    async (status) => {
      const server = await sinkServer((res) => res.writeHead(status).end('busy'));
      await expect(sinkAt(server.url).send([event('later')])).rejects.toThrow(
        new SinkUnavailable(`tracking sink answered ${status}: busy`),
      );
    },
  );

  it('given no sink listening, then the events are to be tried again later', async () => {
    const server = await sinkServer((res) => res.end());
    const url = server.url;
    await closers.pop()!();
    await expect(sinkAt(url).send([event('nobody')])).rejects.toThrow(/tracking sink unreachable/);
  });

  it('given a sink slower than the time allowed, then the request is abandoned and the events tried again later', async () => {
    const server = await sinkServer((res) => setTimeout(() => res.writeHead(200).end('late'), 1_000));
    const started = performance.now();
    await expect(sinkAt(server.url, { timeoutMs: 100 }).send([event('slow')])).rejects.toBeInstanceOf(
      SinkUnavailable,
    );
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('given several sends one after another, then they share one kept-alive connection', async () => {
    const server = await sinkServer((res) => res.writeHead(200).end('{}'));
    const sink = sinkAt(server.url);
    for (const id of ['k1', 'k2', 'k3']) expect((await sink.send([event(id)])).status).toBe(200);
    expect(new Set(server.seen.map((s) => s.port)).size).toBe(1);
  });

  it('given a sink that closes each connection after answering, then every send still gets through', async () => {
    const server = await sinkServer((res) => res.writeHead(200, { connection: 'close' }).end('{}'));
    const sink = sinkAt(server.url);
    for (const id of ['c1', 'c2', 'c3']) expect((await sink.send([event(id)])).status).toBe(200);
    expect(server.seen).toHaveLength(3);
  });
});
