// The admin's orders over HTTP, on orders placed through the real checkout in test mode: the
// detail with every event of the order's stream, bulk archive as events (archived hidden from the
// list), the print-files ZIP, and the users list's order figures.
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminOrderResponseSchema, adminUsersResponseSchema } from '@printshop/shared-events/api/admin';
import type { OrderPlacedData } from '@printshop/shared-events/events/order';
import { orderStreamName } from '@printshop/shared-events/events/order';
import { toMajor } from '@printshop/shared-events/rules/money';
import type { TestApp } from '@printshop/test/support/app';
import { browser } from '../cart/support';
import { eventLog } from '../payments/support';
import { api, freshEmail, placeOrder, unzip, type Api } from './support';
import { expectRebuiltOrdersSame, ordersAdminPerFile } from './orders-admin-support';

let app: TestApp;
let admin: Api;
const { guestOrder, listOf, setStatus } = ordersAdminPerFile('orders_admin_detail', (started) => {
  ({ app, admin } = started);
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
    expect(detail.events.map(({ actorName: _, ...event }) => event)).toEqual(
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
    // Staff read who acted by name: the admin's, the customer's; a service (stripe, system) has none.
    const names: Record<string, string> = { [`admin:${adminId}`]: 'Admin Account', [userId]: 'Cart Tester' };
    expect(detail.events.map((e) => e.actorName)).toEqual(detail.events.map((e) => names[e.actor ?? '']));
    expect(detail.events.slice(2).map((e) => e.actorName)).toEqual(['Admin Account', 'Admin Account']);

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
    await expectRebuiltOrdersSame(app);
  });
});
