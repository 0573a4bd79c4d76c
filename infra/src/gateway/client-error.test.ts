// Requests Node's HTTP parser refuses, sent over a raw socket to a server using answerClientError:
// they are answered with API.md's JSON error, not a bare status line.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { answerClientError } from './client-error';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((_req, res) => res.end('ok'));
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `raw` and reads the whole answer until the server closes the connection. */
function exchange(raw: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('requests the HTTP parser refuses', () => {
  it('given a URL over 16 KiB, then the answer is 431 with the JSON error', async () => {
    const answer = await exchange(`GET /api/search?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(errorResponseSchema.parse(JSON.parse(answer.body))).toMatchObject({ code: 'HEADERS_TOO_LARGE' });
  });

  it('given bytes that are not HTTP, then the answer is 400 with the JSON error', async () => {
    const answer = await exchange('HELLO THERE\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(errorResponseSchema.parse(JSON.parse(answer.body))).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
