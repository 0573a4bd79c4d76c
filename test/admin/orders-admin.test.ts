// The admin's orders over HTTP, on orders placed through the real checkout in test mode: the list
// (status filter, search, paging, archived hidden), the detail with every event of the order's
// stream, the status walk with its 422s and the shipping mail, bulk archive as events, the
// print-files ZIP, the users list's order figures, and 401/403 on every admin call.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOrderResponseSchema,
  adminOrdersResponseSchema,
  adminUsersResponseSchema,
} from '@printshop/shared-events/api/admin';
import { orderResponseSchema } from '@printshop/shared-events/api/orders';
import type { OrderPlacedData } from '@printshop/shared-events/events/order';
import { orderStreamName } from '@printshop/shared-events/events/order';
import { toMajor } from '@printshop/shared-events/rules/money';
import { orderAuditProjection } from '@printshop/projections/order-audit/order-audit-projection';
import { ordersProjection } from '@printshop/projections/orders/orders-projection';
import { verifyProjection } from '@printshop/projections/runner/verify';
import { decodedBody, header } from '@printshop/test/support/smtp';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import { eventLog } from '../payments/support';
import {
  adminApi,
  api,
  eventually,
  freshEmail,
  mailbox,
  placeOrder,
  startAdminApp,
  unzip,
  type Api,
} from './support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('orders_admin');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

/** A guest's order of `lines`, seen by the admin client (its reads wait for the payment). */
async function guestOrder(email = freshEmail(), lines?: Parameters<typeof placeOrder>[2]['lines']) {
  const placed = await placeOrder(app, browser(app), { email, lines });
  admin.observe(placed.position);
  return placed.order;
}

const listOf = async (query: string) => {
  const answer = await admin.get(`/api/admin/orders${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return adminOrdersResponseSchema.parse(answer.body);
};

const setStatus = (orderId: string, body: Record<string, unknown>) =>
  admin.put(`/api/admin/orders/${orderId}/status`, body);

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

describe('the order detail', () => {
  it('given an order with changes, when an admin opens it, then it has its lines, customer and payment, and every event of its stream in order', async () => {
    const buyer = browser(app);
    const { userId } = await buyer.register();
    const email = freshEmail('detail');
    const { order, position } = await placeOrder(app, buyer, {
      email,
      lines: [{ sku: 'POSTERA4', quantity: 2, withCrop: true }],
    });
    admin.observe(position);
    await setStatus(order.id, { status: 'in_production' });
    await setStatus(order.id, { status: 'cancelled', note: 'Customer asked' });

    const answer = await admin.get(`/api/admin/orders/${order.id}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const detail = adminOrderResponseSchema.parse(answer.body);
    const log = await eventLog(app).readStream(orderStreamName(order.id));
    const placed = log[0]!.data as OrderPlacedData;
    const line = placed.lines[0]!;

    expect(detail.order).toMatchObject({
      id: order.id,
      orderNumber: order.orderNumber,
      status: 'cancelled',
      archived: false,
      customer: { userId, email, name: 'Cart Tester' },
      payment: {
        provider: 'stripe',
        status: 'paid',
        paymentId: placed.payment.paymentId,
        testMode: true,
        refunded: 0,
      },
      shippingAddress: placed.shippingAddress,
    });
    expect(detail.order.items).toEqual([
      expect.objectContaining({
        sku: 'POSTERA4',
        quantity: 2,
        lineId: line.lineId,
        croppedImageId: line.croppedImageId,
        rawImageId: line.rawImageId,
        printQuality: line.printQuality,
        size: '210 x 297 mm',
      }),
    ]);
    expect(line.printQuality).toMatch(/^(good|fair|poor)$/);
    expect(detail.order.timeline.map((t) => [t.status, t.note])).toEqual([
      ['paid', undefined],
      ['in_production', undefined],
      ['cancelled', 'Customer asked'],
    ]);
    expect(detail.events).toEqual(
      log.map((event) => ({
        id: event.id,
        type: event.type,
        at: new Date(event.metadata.at ?? event.recordedAt).toISOString(),
        ...(event.metadata.actor !== undefined && { actor: event.metadata.actor }),
        data: event.data,
      })),
    );
    expect(detail.events.map((e) => e.type)).toEqual([
      'OrderPlaced',
      'OrderPaid',
      'OrderStatusChanged',
      'OrderCancelled',
    ]);
    const adminId = JSON.parse(Buffer.from(admin.token!.split('.')[1]!, 'base64url').toString())
      .sub as string;
    expect(detail.events.slice(2).map((e) => e.actor)).toEqual([`admin:${adminId}`, `admin:${adminId}`]);

    expect((await admin.get('/api/admin/orders/no-such-order')).status).toBe(404);
  });
});

describe('bulk delete', () => {
  it('given orders, when an admin bulk-deletes them, then they are archived by events, gone from the list, still readable by their owner and in the log', async () => {
    const tag = randomUUID().slice(0, 8);
    const owner = browser(app);
    const { email: ownerEmail } = await owner.register();
    const mine = await placeOrder(app, owner, { email: `mine.${tag}@example.com` });
    admin.observe(mine.position);
    const guest = await guestOrder(`guest.${tag}@example.com`);
    const kept = await guestOrder(`kept.${tag}@example.com`);

    const answer = await admin.delete('/api/admin/orders/bulk', {
      orderIds: [mine.order.id, guest.id, 'no-such-order', guest.id],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ success: true, deleted: 2 });
    const again = await admin.delete('/api/admin/orders/bulk', { orderIds: [guest.id] });
    expect(again.body).toEqual({ success: true, deleted: 1 });

    expect((await listOf(`?search=${tag}`)).orders.map((o) => o.id)).toEqual([kept.id]);
    for (const id of [mine.order.id, guest.id]) {
      const types = (await eventLog(app).readStream(orderStreamName(id))).map((e) => e.type);
      expect(types).toEqual(['OrderPlaced', 'OrderPaid', 'OrderArchived']);
    }
    const rows = await app.db
      .withSchema('rm_orders')
      .table('orders')
      .whereIn('order_id', [mine.order.id, guest.id]);
    expect(rows.map((row) => row.archived)).toEqual([true, true]);

    const ownView = await owner.call('GET', `/api/orders/${mine.order.id}`);
    expect(ownView.status).toBe(200);
    expect(ownView.body.order.orderNumber).toBe(mine.order.orderNumber);
    const guestView = await api(app).get(`/api/orders/${guest.id}?email=${encodeURIComponent(guest.email)}`);
    expect(guestView.status).toBe(200);
    const detail = adminOrderResponseSchema.parse((await admin.get(`/api/admin/orders/${guest.id}`)).body);
    expect(detail.order.archived).toBe(true);
    expect(detail.events.at(-1)?.type).toBe('OrderArchived');

    // still what the customer bought
    const [placed] = await eventLog(app).readStream(orderStreamName(mine.order.id));
    const users = adminUsersResponseSchema.parse(
      (await admin.get(`/api/admin/users?search=${encodeURIComponent(ownerEmail)}`)).body,
    ).users;
    expect(users.map((u) => [u.orderCount, u.totalSpent])).toEqual([
      [1, toMajor((placed!.data as OrderPlacedData).amounts.usdTotal, 'USD')],
    ]);

    expect((await admin.delete('/api/admin/orders/bulk', { orderIds: [] })).status).toBe(400);
    expect((await admin.delete('/api/admin/orders/bulk', {})).status).toBe(400);
  });
});

describe('print files', () => {
  it('given an order of two lines, when an admin downloads its print files, then the ZIP holds each line file and a manifest matching the lines', async () => {
    const buyer = browser(app);
    await buyer.register();
    const { order, position } = await placeOrder(app, buyer, {
      email: freshEmail('print'),
      lines: [
        { sku: 'POSTERA4', quantity: 2, withCrop: true },
        { sku: '4X6PHOTOPRINT', quantity: 3 },
      ],
    });
    admin.observe(position);
    const placed = (await eventLog(app).readStream(orderStreamName(order.id)))[0]!.data as OrderPlacedData;

    const answer = await admin.get(`/api/admin/orders/${order.id}/print-files`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="${order.orderNumber}-print-files.zip"`,
    );
    const files = await unzip(answer.bytes);
    const names = placed.lines.map(
      (line, index) => `${String(index + 1).padStart(2, '0')}-${line.sku}-x${line.quantity}.jpg`,
    );
    expect([...files.keys()].sort()).toEqual(
      ['contact-sheet.jpg', 'manifest.csv', 'manifest.json', ...names].sort(),
    );

    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    expect(manifest).toMatchObject({ orderId: order.id, orderNumber: order.orderNumber });
    const sizes: Record<string, string> = { POSTERA4: '210 x 297 mm', '4X6PHOTOPRINT': '4 x 6 in' };
    const expected = placed.lines.map((line, index) => {
      const bytes = files.get(names[index]!)!;
      return {
        file: names[index],
        sku: line.sku,
        product: line.name,
        size: sizes[line.sku],
        quantity: line.quantity,
        dpiBand: line.printQuality ?? null,
        imageId: line.croppedImageId,
        // rendered from the line's original: the raw one with its crop, else the single upload
        source: 'original',
        sourceImageId: line.rawImageId ?? line.croppedImageId,
        contentHash: createHash('sha256').update(bytes).digest('hex'),
        missing: false,
      };
    });
    expect(manifest.lines).toMatchObject(expected);
    expect(expected[0]!.dpiBand).toMatch(/^(good|fair|poor)$/);

    const csv = files.get('manifest.csv')!.toString('utf8').trim().split('\r\n');
    const header = csv[0]!.split(',');
    // the product names hold no comma or quote: no field needs quoting here
    const rows = csv.slice(1).map((row) => Object.fromEntries(row.split(',').map((v, i) => [header[i], v])));
    expect(rows).toMatchObject(
      expected.map((l) => ({
        file: l.file,
        sku: l.sku,
        product: l.product,
        size: l.size,
        quantity: String(l.quantity),
        dpi_band: l.dpiBand ?? '',
        image_id: l.imageId,
        content_hash: l.contentHash,
      })),
    );

    expect((await admin.get('/api/admin/orders/no-such-order/print-files')).status).toBe(404);
  });
});

describe('the users list with order figures', () => {
  it('given a customer with orders in two currencies and a refund, when an admin lists users, then the order count and USD spend follow the log', async () => {
    const buyer = browser(app);
    const { email } = await buyer.register();
    const usd = await placeOrder(app, buyer, { email, lines: [{ sku: 'POSTERA4', quantity: 2 }] });
    const eur = await placeOrder(app, buyer, {
      email,
      lines: [{ sku: 'POSTERA3', quantity: 1 }],
      currency: 'EUR',
      country: 'DE',
    });
    const refunded = await placeOrder(app, buyer, { email, lines: [{ sku: 'POSTERA4', quantity: 1 }] });
    admin.observe(Math.max(usd.position, eur.position, refunded.position));
    expect((await setStatus(refunded.order.id, { status: 'refunded' })).status).toBe(200);

    const usdTotals = await Promise.all(
      [usd, eur].map(async ({ order }) => {
        const [placed] = await eventLog(app).readStream(orderStreamName(order.id));
        return (placed!.data as OrderPlacedData).amounts.usdTotal;
      }),
    );
    const answer = await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
    const { users } = adminUsersResponseSchema.parse(answer.body);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      email,
      orderCount: 3,
      totalSpent: toMajor(usdTotals[0]! + usdTotals[1]!, 'USD'),
    });
  });
});

describe('the read models', () => {
  it('given everything above, when the orders and the audit trail are rebuilt from the log, then the rows are the same', async () => {
    for (const projection of [ordersProjection, orderAuditProjection]) {
      const result = await verifyProjection({ db: app.db, store: eventLog(app), projection });
      expect(result.position).toBeGreaterThan(0);
      expect(result.differences, projection.name).toEqual([]);
    }
  });
});
