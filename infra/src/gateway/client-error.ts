// What Node's HTTP parser refuses before Koa ever sees the request (a URL or headers over 16 KiB,
// bytes that are not HTTP, a request too slow to arrive) is answered with API.md's JSON error
// instead of Node's bare status line, then the connection is closed.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

const answers: Record<string, { status: number; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'The request line or headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: 'The request took too long to arrive',
  },
};
const malformed = { status: 400, code: 'BAD_REQUEST', message: 'The request is not valid HTTP' };

/** A `clientError` listener of the HTTP server. */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // A client that went away, or a socket already answering, has nobody left to tell.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, code, message } = answers[error.code ?? ''] ?? malformed;
  const body = JSON.stringify({ success: false, message, code });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}
