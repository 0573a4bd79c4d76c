// The route table over real HTTP: routers of several services, filed by resource, answer exactly as
// one router holding all their routes would.
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from './route-table';

let url: string;
let close: () => void;

const answer = (text: string) => (ctx: Koa.Context) => {
  ctx.body = `${text}${ctx.params?.id ? ` ${ctx.params.id}` : ''}`;
};

beforeAll(async () => {
  const queries = new Router();
  queries.get('/api/orders/track', answer('track'));
  queries.get('/api/orders/:id', answer('order'));
  queries.get('/api/cart', answer('cart'));
  const commands = new Router({ prefix: '/api' });
  commands.put('/orders/:id', answer('update order'));
  commands.post('/cart/item', answer('add item'));
  const files = new Router();
  files.get('/images/:id', answer('image'));
  files.get('/healthz', answer('up'));
  const table = routeTable([queries, commands, files]);
  const app = new Koa();
  app.use(table.routes);
  app.use(table.allowedMethods);
  // What comes after the routes (the frontend's files): a request no route took arrives here.
  app.use((ctx, next) => {
    if (ctx.path === '/images/logo.svg') ctx.body = 'frontend file';
    return next();
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function call(method: string, path: string) {
  const response = await fetch(`${url}${path}`, { method });
  return { status: response.status, body: await response.text(), allow: response.headers.get('allow') };
}

describe('route table', () => {
  it('given routes of several routers, then each request reaches its route, in registration order', async () => {
    expect(await call('GET', '/api/orders/track')).toMatchObject({ status: 200, body: 'track' });
    expect(await call('GET', '/api/orders/42')).toMatchObject({ status: 200, body: 'order 42' });
    expect(await call('PUT', '/api/orders/42')).toMatchObject({ status: 200, body: 'update order 42' });
    expect(await call('GET', '/api/cart')).toMatchObject({ status: 200, body: 'cart' });
    expect(await call('POST', '/api/cart/item')).toMatchObject({ status: 200, body: 'add item' });
    expect(await call('GET', '/images/abc')).toMatchObject({ status: 200, body: 'image abc' });
    expect(await call('GET', '/healthz')).toMatchObject({ status: 200, body: 'up' });
  });

  it('given a path served with other methods by two routers, then a 405 names all of them', async () => {
    const { status, allow } = await call('DELETE', '/api/orders/42');
    expect(status).toBe(405);
    expect(allow?.split(/, */).sort()).toEqual(['GET', 'HEAD', 'PUT']);
  });

  it('given a path no route serves, then nothing answers it (404)', async () => {
    for (const path of ['/api/nothing', '/api/cart/item/7/extra', '/', '/images']) {
      expect((await call('GET', path)).status).toBe(404);
    }
  });

  it('given a path id that does not look like an id, then no route with that id answers it (404)', async () => {
    const malformed = [
      '-abc',
      '_abc',
      '%2Dx',
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%ff',
      '..',
      'a%2Fb',
      'x'.repeat(101),
    ];
    for (const id of malformed) {
      expect(await call('GET', `/api/orders/${id}`), id).toMatchObject({ status: 404, body: 'Not Found' });
      expect(await call('PUT', `/api/orders/${id}`), id).toMatchObject({ status: 404 });
      expect(await call('GET', `/images/${id}`), id).toMatchObject({ status: 404 });
    }
    expect(await call('GET', '/api/orders/0c4e2a1d-5f3b-4c1e-9a7d-2b8f6e4d1c3a')).toMatchObject({
      status: 200,
    });
    expect(await call('GET', '/api/orders/pi_3Abc123')).toMatchObject({
      status: 200,
      body: 'order pi_3Abc123',
    });
  });

  it('given a path under /images/ that is no image id, then it moves on to what comes after the routes', async () => {
    expect(await call('GET', '/images/logo.svg')).toMatchObject({ status: 200, body: 'frontend file' });
  });

  it('given a router with path-less middleware, then the table refuses it', () => {
    const router = new Router();
    router.use((_ctx, next) => next());
    expect(() => routeTable([router])).toThrow(/would apply to every route/);
  });
});
