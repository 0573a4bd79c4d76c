import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenEarly } from './http-server';

describe('listenEarly', () => {
  it('given the gateway is not handed over yet, then requests get the JSON 503; once it is, the gateway answers', async () => {
    const http = await listenEarly(0, '127.0.0.1');
    try {
      const early = await fetch(`http://127.0.0.1:${http.port}/api/products`);
      expect(early.status).toBe(503);
      expect(early.headers.get('retry-after')).toBe('2');
      expect(await early.json()).toEqual({
        success: false,
        message: 'The shop is starting; please try again shortly',
        code: 'SERVICE_UNAVAILABLE',
      });

      http.serve((_request, response) => response.end('ready'));

      expect(await (await fetch(`http://127.0.0.1:${http.port}/api/products`)).text()).toBe('ready');
    } finally {
      await http.close();
    }
  });

  it('given a port another program holds, then it fails naming the port', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as { port: number };
    try {
      await expect(listenEarly(port, '127.0.0.1')).rejects.toThrow(
        `PORT ${port} is in use by another program: choose another port`,
      );
    } finally {
      other.close();
    }
  });
});
