// The guest cookie over real HTTP: a signed pair once verified is remembered, and nothing else is.
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_COOKIE, guestSession, type GuestSessionState } from './guest-session';

let url: string;
let close: () => void;

beforeAll(async () => {
  const app = new Koa<GuestSessionState>();
  app.keys = ['test-key'];
  app.use(guestSession());
  app.use((ctx) => {
    ctx.body = { session: ctx.state.guestSession() };
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function visit(cookie?: string) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  const { session } = (await response.json()) as { session: string };
  const issued = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { session, issued };
}

describe('guest session cookie', () => {
  it('given no cookie, then a session is issued and the same cookie keeps it, again and again', async () => {
    const first = await visit();
    expect(first.issued).toMatch(new RegExp(`${GUEST_COOKIE}=${first.session}; ${GUEST_COOKIE}\\.sig=`));
    for (let visitNo = 0; visitNo < 3; visitNo++) {
      const again = await visit(first.issued);
      expect(again).toEqual({ session: first.session, issued: '' });
    }
  });

  it('given a verified session, when its signature is altered, then a fresh session is issued', async () => {
    const first = await visit();
    await visit(first.issued);
    const forged = first.issued.replace(/\.sig=(.)/, (_, c: string) => `.sig=${c === 'A' ? 'B' : 'A'}`);
    const answer = await visit(forged);
    expect(answer.session).not.toBe(first.session);
    expect(answer.issued).toContain(`${GUEST_COOKIE}=${answer.session}`);
  });

  it('given a verified signature, when it is sent with another session id, then that id is refused', async () => {
    const mine = await visit();
    const theirs = await visit();
    await visit(mine.issued);
    const signature = /\.sig=([^;]+)/.exec(mine.issued)![1];
    const answer = await visit(`${GUEST_COOKIE}=${theirs.session}; ${GUEST_COOKIE}.sig=${signature}`);
    expect([mine.session, theirs.session]).not.toContain(answer.session);
  });

  it('given a session value that is not an id, then it is ignored', async () => {
    const answer = await visit(`${GUEST_COOKIE}=../../etc; ${GUEST_COOKIE}.sig=x`);
    expect(answer.session).toMatch(/^[0-9a-f-]{36}$/);
  });
});
