// A browser for the cart API tests: keeps its cookies (the signed cart_session), its token when
// signed in, and the highest X-Event-Position it has seen, sent back as X-Min-Position so every read
// reflects its own writes (API.md "Common rules").
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { TestApp } from '@printshop/test/support/app';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  body: any;
  headers: Headers;
}

/** A small real PNG; `seed` changes its colour so every upload is a different file. */
export async function pngBytes(seed = Math.floor(Math.random() * 0xffffff)): Promise<Buffer> {
  return sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: { r: seed & 0xff, g: (seed >> 8) & 0xff, b: (seed >> 16) & 0xff },
    },
  })
    .png()
    .toBuffer();
}

export function browser(app: Pick<TestApp, 'url'>) {
  const cookies = new Map<string, string>();
  let token: string | undefined;
  let seen = 0;

  function remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
    const position = Number(response.headers.get('x-event-position'));
    if (position > seen) seen = position;
  }

  function headers(extra: Record<string, string> = {}): Record<string, string> {
    const all: Record<string, string> = { ...extra };
    if (cookies.size > 0) all.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (token) all.authorization = `Bearer ${token}`;
    if (seen > 0) all['x-min-position'] = String(seen);
    return all;
  }

  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    remember(response);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }

  /** Uploads a real image through POST /api/images/single; its id. */
  async function uploadImage(): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'photo.png');
    const response = await fetch(`${app.url}/api/images/single`, {
      method: 'POST',
      headers: headers(),
      body: form,
    });
    remember(response);
    const body = (await response.json()) as { image?: { id: string } };
    if (response.status !== 201 || !body.image) {
      throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
    }
    return body.image.id;
  }

  /** Registers a fresh account from this browser (its guest cart merges) and keeps the token. */
  async function register(): Promise<{ email: string; password: string; userId: string }> {
    const email = `cart.${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Str0ngPassword';
    const answer = await call('POST', '/api/auth/register', {
      email,
      password,
      firstName: 'Cart',
      lastName: 'Tester',
    });
    if (answer.status !== 201)
      throw new Error(`register failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    token = answer.body.token as string;
    return { email, password, userId: answer.body.user.id as string };
  }

  async function login(credentials: { email: string; password: string }): Promise<Answer> {
    const answer = await call('POST', '/api/auth/login', credentials);
    if (answer.status === 200) token = answer.body.token as string;
    return answer;
  }

  return {
    call,
    uploadImage,
    register,
    login,
    /** Forgets the token (keeps the cookie), as the frontend's logout does. */
    signOut: () => {
      token = undefined;
    },
    get token() {
      return token;
    },
    get hasGuestCookie() {
      return cookies.has('cart_session');
    },
    /** The guest session's id (the cookie's value), once the server has set it. */
    get guestSession() {
      return cookies.get('cart_session');
    },
  };
}

export type Browser = ReturnType<typeof browser>;
