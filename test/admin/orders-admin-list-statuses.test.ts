// The admin's orders over HTTP, on orders placed through the real checkout in test mode: 401/403
// on every admin call, the list (status filter, search, paging), and the status walk with its 422s
// and the shipping mail.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orderResponseSchema } from '@printshop/shared-events/api/orders';
import { orderStreamName } from '@printshop/shared-events/events/order';
import { decodedBody, header } from '@printshop/test/support/smtp';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import { eventLog } from '../payments/support';
import { api, eventually, freshEmail, mailbox, type Api } from './support';
import { expectRebuiltOrdersSame, ordersAdminPerFile } from './orders-admin-support';

let app: TestApp;
let admin: Api;
const { guestOrder, listOf, setStatus } = ordersAdminPerFile('orders_admin_list', (started) => {
  ({ app, admin } = started);
});

describe('who may call the admin order routes', () => {
  it('given no token, then 401; given a customer, then 403; and nothing is written', async () => {
    const order = await guestOrder();
    const customer = browser(app);
    await customer.register();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/orders'],
      ['GET', `/api/admin/orders/${order.id}`],
      ['GET', `/api/admin/orders/${order.id}/print-files`],
      ['PUT', `/api/admin/orders/${order.id}/status`, { status: 'in_production' }],
      ['DELETE', '/api/admin/orders/bulk', { orderIds: [order.id] }],
      ['GET', '/api/admin/users'],
    ];
    for (const [method, path, body] of calls) {
      const stranger = await api(app).call(method, path, body);
      expect(stranger.status, `${method} ${path}`).toBe(401);
      const forbidden = await customer.call(method, path, body);
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(forbidden.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    const types = (await eventLog(app).readStream(orderStreamName(order.id))).map((e) => e.type);
    expect(types).toEqual(['OrderPlaced', 'OrderPaid']);
  });
});

describe('the orders list', () => {
  it('given orders, when an admin filters by status and searches by number or e-mail, then only the matching ones', async () => {
    const tag = randomUUID().slice(0, 8);
    const first = await guestOrder(`first.${tag}@example.com`);
    const second = await guestOrder(`second.${tag}@example.com`);
    const other = await guestOrder();

    const byEmail = await listOf(`?search=${tag.toUpperCase()}`);
    expect(byEmail.orders.map((o) => o.id).sort()).toEqual([first.id, second.id].sort());
    expect(byEmail.orders.find((o) => o.id === first.id)).toEqual({
      id: first.id,
      orderNumber: first.orderNumber,
      status: 'paid',
      createdAt: first.createdAt,
      email: first.email,
      itemCount: 2,
      total: first.total,
      currency: 'USD',
    });

    const byNumber = await listOf(`?search=${other.orderNumber.slice(3).toLowerCase()}`);
    expect(byNumber.orders.map((o) => o.id)).toEqual([other.id]);

    expect((await setStatus(second.id, { status: 'in_production' })).status).toBe(200);
    const inProduction = await listOf(`?status=in_production&search=${tag}`);
    expect(inProduction.orders.map((o) => o.id)).toEqual([second.id]);
    const paid = await listOf(`?status=paid&search=${tag}`);
    expect(paid.orders.map((o) => o.id)).toEqual([first.id]);

    expect((await listOf('?search=%25')).orders).toEqual([]);
  });

  it("given an order shipped to a name, when an admin searches part of that name in any case, then that order (staff hear a customer's name, not their e-mail)", async () => {
    const tag = randomUUID().slice(0, 8);
    const named = await guestOrder(freshEmail(), undefined, `Zainab Qureshi${tag}`);
    await guestOrder();
    const byName = await listOf(`?search=${encodeURIComponent(`qureshi${tag.toUpperCase()}`)}`);
    expect(byName.orders.map((o) => o.id)).toEqual([named.id]);
  });

  it('given 21 orders of one search, when listed, then 20 newest on page 1 and the oldest on page 2', async () => {
    const tag = randomUUID().slice(0, 8);
    const placed = [];
    for (let batch = 0; batch < 3; batch++) {
      placed.push(
        ...(await Promise.all(
          Array.from({ length: 7 }, (_, i) =>
            guestOrder(`page${batch * 7 + i}.${tag}@example.com`, [{ sku: 'POSTERA4', quantity: 1 }]),
          ),
        )),
      );
    }
    const newestFirst = [...placed].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id),
    );

    const page1 = await listOf(`?search=${tag}&page=1`);
    const page2 = await listOf(`?search=${tag}&page=2`);
    expect(page1.pagination).toEqual({ page: 1, limit: 20, total: 21, pages: 2 });
    expect(page2.pagination).toEqual({ page: 2, limit: 20, total: 21, pages: 2 });
    expect(page1.orders.map((o) => o.id)).toEqual(newestFirst.slice(0, 20).map((o) => o.id));
    expect(page2.orders.map((o) => o.id)).toEqual([newestFirst[20]!.id]);
    expect((await listOf(`?search=${tag}&page=3`)).orders).toEqual([]);
  });

  it('given bad query values, then 400 with the field', async () => {
    for (const query of ['?page=0', '?page=x', '?status=lost']) {
      const answer = await admin.get(`/api/admin/orders${query}`);
      expect(answer.status, query).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual([query.slice(1).split('=')[0]]);
    }
  });
});

describe('an order through its statuses', () => {
  it('given a paid order, when it goes to production, ships and is delivered, then each step is an event, the customer sees the tracking and gets the mails', async () => {
    const email = freshEmail('walk');
    const order = await guestOrder(email);

    const produced = await setStatus(order.id, { status: 'in_production', note: 'Printing today' });
    expect(produced.status, JSON.stringify(produced.body)).toBe(200);
    expect(orderResponseSchema.parse(produced.body).order.status).toBe('in_production');
    expect(Number(produced.headers.get('x-event-position'))).toBeGreaterThan(0);

    const noTracking = await setStatus(order.id, { status: 'shipped', carrier: 'UPS' });
    expect(noTracking.status).toBe(400);
    expect(noTracking.body.errors).toEqual({
      trackingNumber: 'Carrier and tracking number are required to ship an order.',
    });

    const shipped = await setStatus(order.id, {
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA1',
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const tracking = {
      carrier: 'UPS',
      number: '1Z999AA1',
      url: 'https://www.ups.com/track?tracknum=1Z999AA1',
    };
    expect(shipped.body.order).toMatchObject({ status: 'shipped', tracking });

    const customer = api(app);
    customer.observe(shipped.headers.get('x-event-position'));
    const tracked = await customer.get(
      `/api/orders/track?orderNumber=${order.orderNumber}&email=${encodeURIComponent(email.toUpperCase())}`,
    );
    expect(tracked.status).toBe(200);
    expect(orderResponseSchema.parse(tracked.body).order).toMatchObject({ status: 'shipped', tracking });

    const delivered = await setStatus(order.id, { status: 'delivered' });
    expect(delivered.body.order.status).toBe('delivered');
    expect(delivered.body.order.timeline.map((t: { status: string }) => t.status)).toEqual([
      'paid',
      'in_production',
      'shipped',
      'delivered',
    ]);

    const back = await setStatus(order.id, { status: 'in_production' });
    expect(back.status).toBe(422);
    expect(back.body).toMatchObject({
      code: 'RULE_BROKEN',
      message: 'An order that is delivered cannot become in production.',
    });
    const repaid = await setStatus(order.id, { status: 'paid' });
    expect(repaid.status).toBe(422);
    expect(repaid.body.message).toBe(
      'An order becomes paid (or awaits payment) through its payment only, not by hand.',
    );
    expect((await setStatus(order.id, { status: 'sent' })).status).toBe(400);
    expect((await setStatus('no-such-order', { status: 'delivered' })).status).toBe(404);

    const types = (await eventLog(app).readStream(orderStreamName(order.id))).map((e) => e.type);
    expect(types).toEqual([
      'OrderPlaced',
      'OrderPaid',
      'OrderStatusChanged',
      'OrderShipped',
      'OrderDelivered',
    ]);

    const mailTo = async (subject: string) =>
      eventually(async () =>
        (await mailbox(app)).find((raw) => header(raw, 'To') === email && header(raw, 'Subject') === subject),
      );
    const shippedMail = await mailTo(`Your PrintShop order ${order.orderNumber} has shipped`);
    expect(shippedMail, 'no shipping mail in the dev mailbox').toBeDefined();
    const text = decodedBody(shippedMail!);
    expect(text).toContain('Carrier: UPS');
    expect(text).toContain('Tracking number: 1Z999AA1');
    expect(text).toContain(tracking.url);
    const receipt = await mailTo(`Your PrintShop order ${order.orderNumber}`);
    expect(receipt, 'no order confirmation in the dev mailbox').toBeDefined();
    expect(decodedBody(receipt!)).toContain(`/track-order?orderNumber=${order.orderNumber}`);
  });

  it.each(['paid', 'pending_payment', 'shipped'])(
    'given no such order, when an admin sets it %s, then 404 NOT_FOUND',
    async (status) => {
      const answer = await setStatus('does-not-exist-42', { status });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ success: false, message: 'Order not found', code: 'NOT_FOUND' });
    },
  );

  it('given an unknown carrier, when shipped, then the mail links to the shop tracking page', async () => {
    const email = freshEmail('courier');
    const order = await guestOrder(email);
    await setStatus(order.id, { status: 'in_production' });
    const shipped = await setStatus(order.id, {
      status: 'shipped',
      carrier: 'Local Courier',
      trackingNumber: 'LC-7',
    });
    expect(shipped.body.order.tracking).toEqual({ carrier: 'Local Courier', number: 'LC-7', url: '' });
    const mail = await eventually(async () =>
      (await mailbox(app)).find(
        (raw) => header(raw, 'To') === email && /has shipped/.test(header(raw, 'Subject') ?? ''),
      ),
    );
    expect(mail, 'no shipping mail').toBeDefined();
    expect(decodedBody(mail!)).toMatch(
      new RegExp(`https?://[^\\s]+/track-order\\?orderNumber=${order.orderNumber}&email=`),
    );
  });
});

describe('the read models', () => {
  it('given everything above, when the orders and the audit trail are rebuilt from the log, then the rows are the same', async () => {
    await expectRebuiltOrdersSame(app);
  });
});
