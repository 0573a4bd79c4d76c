// A shopper's order placed over the API as the storefront places it, in test mode: an account, a
// real photo uploaded, an A4 poster in the cart, a payment intent and Stripe's 4242 test card. Also
// the first admin's wait for the read side to take that order in (X-Min-Position).
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

export const TEST_ADDRESS = {
  fullName: 'Ada Lovelace',
  phone: '+1 201-555-0123',
  line1: '12 Example Street',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked field by field
  body: any;
  headers: Headers;
}

/** Calls of one client: its cookies (cart_session), its token once signed in, its latest position. */
export function client(baseUrl: string) {
  const cookies = new Map<string, string>();
  let token: string | undefined;
  let position = 0;
  const headers = (extra: Record<string, string> = {}) => ({
    ...extra,
    ...(cookies.size > 0 && { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') }),
    ...(token && { authorization: `Bearer ${token}` }),
    ...(position > 0 && { 'x-min-position': String(position) }),
  });
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
    position = Math.max(position, Number(response.headers.get('x-event-position')) || 0);
  };
  async function send(method: string, path: string, body?: unknown | FormData): Promise<Reply> {
    const form = body instanceof FormData;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: headers(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    remember(response);
    const text = await response.text();
    const reply = {
      status: response.status,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: response.headers,
    };
    return reply;
  }
  async function expectOk(method: string, path: string, body?: unknown, status = 200): Promise<Reply> {
    const reply = await send(method, path, body);
    if (reply.status !== status)
      throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply;
  }
  return {
    expectOk,
    signIn: (newToken: string) => void (token = newToken),
    observe: (seen: number) => void (position = Math.max(position, seen)),
    get position() {
      return position;
    },
  };
}

/**
 * A shopper who registers and pays for two A4 posters (or `quantity` of another product); the order
 * and its payment's position.
 */
export async function placeShopperOrder(baseUrl: string, { sku = 'POSTERA4', quantity = 2 } = {}) {
  const shopper = client(baseUrl);
  const email = `shopper.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Shopper123';
  const registered = await shopper.expectOk(
    'POST',
    '/api/auth/register',
    // A long first name, as the header shows it beside the menus.
    { email, password, firstName: 'Maximiliana', lastName: 'Shopper' },
    201,
  );
  shopper.signIn(registered.body.token as string);
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#e0533d' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
  const uploaded = await shopper.expectOk('POST', '/api/images/single', form, 201);
  await shopper.expectOk(
    'POST',
    '/api/cart/item',
    { sku, quantity, croppedImageId: uploaded.body.image.id as string },
    201,
  );
  const intent = await shopper.expectOk('POST', '/api/stripe/create-payment-intent', {
    email,
    shippingAddress: TEST_ADDRESS,
    currency: 'USD',
    country: 'US',
  });
  const paid = await shopper.expectOk('POST', '/api/stripe/confirm-payment', {
    paymentIntentId: intent.body.paymentIntentId as string,
    testCard: '4242424242424242',
  });
  const order = paid.body.order as { id: string; orderNumber: string };
  return { email, password, orderId: order.id, orderNumber: order.orderNumber, position: shopper.position };
}

/**
 * Signs the admin in and reads `paths` with X-Min-Position `position`: once they answer without
 * X-Stale, the read models behind them hold that write.
 */
export async function waitForAdminReadSide(
  baseUrl: string,
  admin: { email: string; password: string },
  position: number,
  paths: readonly string[],
): Promise<void> {
  const api = client(baseUrl);
  const signedIn = await api.expectOk('POST', '/api/auth/login', admin);
  api.signIn(signedIn.body.token as string);
  api.observe(position);
  for (const path of paths) {
    const reply = await api.expectOk('GET', path);
    if (reply.headers.get('x-stale')) throw new Error(`${path} is still behind position ${position}`);
  }
}
