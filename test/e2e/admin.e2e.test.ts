// The admin area in real Chromium against the real shop (test-mode payments): the first admin
// (ADMIN_EMAIL / ADMIN_PASSWORD) signs in, finds a shopper's new order on the dashboard and in
// today's sales report, moves it to production and ships it with a tracking number, and the
// shopper's track-order page shows the parcel; a signed-in customer is refused the admin area.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { openShop, recordScreenshot, type Shop } from './support/browser';
import { labelled } from './support/checkout';
import { placeShopperOrder, waitForAdminReadSide } from './support/orders';
import { domainLineCount, layoutProblems, ONE_LINE } from './support/screens';

let shop: Shop;
let shopperEmail = '';
let shopperPassword = '';
let orderNumber = '';
let orderId = '';
const TRACKING_NUMBER = '1Z999AA10123456784';
const ADMIN_EMAIL = 'chief@example.com';
const ADMIN_PASSWORD = 'ChiefPass123';

/** A form control by its visible label (required fields end with a decorative ' *'). */
const control = (label: string) => labelled(shop.page, label);
const today = () => new Date().toISOString().slice(0, 10);

/** The shadow alone (text hidden): darker at the edge where columns are hidden, on the right
 * before scrolling and on the left at the end. */
async function expectEdgeShadows(wrap: Locator) {
  const { page } = shop;
  await page.addStyleTag({ content: '.admin-table * { color: transparent !important; }' });
  await wrap.scrollIntoViewIfNeeded();
  const edges = async () => {
    const box = (await wrap.boundingBox())!;
    const shot = await page.screenshot({ clip: box });
    const { data, info } = await sharp(shot).greyscale().raw().toBuffer({ resolveWithObject: true });
    const mean = (from: number) => {
      let sum = 0;
      let n = 0;
      for (let y = 0; y < info.height; y++)
        for (let x = from; x < from + 4; x++) {
          sum += data[y * info.width + x]!;
          n++;
        }
      return sum / n;
    };
    // Inside the 1 px border.
    return { left: mean(2), right: mean(info.width - 6) };
  };
  const start = await edges();
  expect(start.left - start.right, JSON.stringify(start)).toBeGreaterThan(8);
  await wrap.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const end = await edges();
  expect(end.right - end.left, JSON.stringify(end)).toBeGreaterThan(8);
}

beforeAll(async () => {
  // The webhook step registers an endpoint on loopback: this shop's owner allows that one address.
  shop = await openShop('e2e-admin', {
    env: { ADMIN_EMAIL, ADMIN_PASSWORD, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:9' },
  });
  // A shopper with an account pays for two A4 posters with the 4242 test card.
  const placed = await placeShopperOrder(shop.app.url);
  ({ email: shopperEmail, password: shopperPassword, orderNumber, orderId } = placed);
  // The admin read side has taken the order in before the admin looks.
  await waitForAdminReadSide(
    shop.app.url,
    { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    placed.position,
    ['/api/admin/dashboard', `/api/admin/reports/sales?from=${today()}&to=${today()}`],
  );
});
afterAll(() => shop?.close());

describe('the admin area', () => {
  it('given a new order, when the admin signs in, then the dashboard shows it', async () => {
    const { page } = shop;
    await page.goto(shop.url('/admin'));
    // Not signed in: the guard sends the admin to sign in, then back.
    await page.waitForURL(shop.url('/login'));
    await control('E-mail').fill(ADMIN_EMAIL);
    await control('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(page.url()).toBe(shop.url('/admin'));
    // The currency notice of a first visit is not what this journey looks at.
    const notice = page.getByRole('button', { name: 'Dismiss' });
    if (await notice.isVisible()) await notice.click();

    const latest = page.getByRole('table', { name: 'Latest orders' });
    await latest.getByRole('link', { name: orderNumber }).waitFor();
    await expect(latest.getByRole('row').filter({ hasText: orderNumber }).textContent()).resolves.toContain(
      shopperEmail,
    );
    await expect(page.getByLabel(/^Orders: /).textContent()).resolves.toBe('1');
    // The revenue chart has drawn its line.
    await page.locator('.admin-chart .recharts-line').first().waitFor();
    await shop.screenshot('admin-dashboard');
  });

  it("when today's sales report is opened, then the order is counted", async () => {
    const { page } = shop;
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Sales Reports' })
      .click();
    await page.getByRole('heading', { name: 'Sales Reports' }).waitFor();
    // From and To both today: the report of today alone.
    const todays = page.waitForResponse(
      (response) => response.url().includes(`from=${today()}&to=${today()}`) && response.ok(),
    );
    await control('From').fill(today());
    await control('To').fill(today());
    await todays;
    await expect(page.getByLabel(/^Orders: /).textContent()).resolves.toBe('1');
    await expect(page.getByLabel(/^Units: /).textContent()).resolves.toBe('2');
    await page.getByRole('table', { name: 'Top products' }).getByText('POSTERA4').waitFor();
    await page.locator('.admin-chart .recharts-bar-rectangle').first().waitFor();
    // The charts read as people read: days on the axis as 'Nov 29', never '2026-11-29'; one order
    // on a whole-number axis (it once stepped 0, 0.25, 0.5, 0.75, 1).
    const ticks = (chart: string, axis: 'x' | 'y') =>
      page
        .locator('.admin-chart', { hasText: chart })
        .locator(`.recharts-${axis}Axis-tick-labels text`)
        .allTextContents();
    const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(),
    );
    await expect.poll(() => ticks('Net revenue', 'x')).toEqual([day]);
    await expect.poll(async () => (await ticks('Orders', 'y')).length).toBeGreaterThan(1);
    const orderTicks = await ticks('Orders', 'y');
    for (const tick of orderTicks) expect(tick).toMatch(/^\d+$/);
    await expect(page.getByText(/^Net revenue = products \(gross\)/).isVisible()).resolves.toBe(true);
    await shop.screenshot('admin-sales-report');
  });

  it('when the admin ships the order with a tracking number, then its detail shows it', async () => {
    const { page } = shop;
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('link', { name: orderNumber }).click();
    await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
    expect(page.url()).toBe(shop.url(`/admin/orders/${orderId}`));
    await page.getByRole('img', { name: /^Photo for A4 Poster/ }).waitFor();

    await control('New status').selectOption('in_production');
    await page.getByRole('button', { name: 'Update status' }).click();
    await page.getByText('Status changed to In production.').waitFor();

    await control('New status').selectOption('shipped');
    await page.getByRole('button', { name: 'Update status' }).click();
    await page.getByText('Carrier is required to ship an order').waitFor();
    await control('Carrier').fill('UPS');
    await control('Tracking number').fill(TRACKING_NUMBER);
    await page.getByRole('button', { name: 'Update status' }).click();
    await page.getByText('Status changed to Shipped.').waitFor();
    const status = page.getByRole('region', { name: 'Status' });
    await status.getByText(`Shipped with UPS, tracking number ${TRACKING_NUMBER}`).waitFor();
    await page.getByRole('list', { name: 'Event history' }).getByText('Order shipped').waitFor();
    // From shipped, only delivered and refunded are offered.
    await expect(control('New status').locator('option').allTextContents()).resolves.toEqual([
      'Delivered',
      'Refunded',
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await recordScreenshot(page, 'admin-order-shipped', { fullPage: true });
  });

  it("then the shopper's track-order page shows the parcel", async () => {
    const page = await shop.context.newPage();
    try {
      await page.goto(shop.url('/track-order'));
      await page.getByLabel(/^Order number( \*)?$/).fill(orderNumber);
      await page.getByLabel(/^E-mail used for the order( \*)?$/).fill(shopperEmail);
      await page.getByRole('button', { name: 'Track Order' }).click();
      await page.getByRole('heading', { name: 'Order status: Shipped' }).waitFor();
      expect(await page.getByTestId('tracking-number').textContent()).toBe(TRACKING_NUMBER);
      await recordScreenshot(page, 'track-order-shipped', { fullPage: true });
    } finally {
      await page.close();
    }
  });

  it('then the other screens read the real answers: users with spend, reviews, webhooks, abandoned carts', async () => {
    const { page } = shop;
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Users' }).click();
    const shopperRow = page.getByRole('row').filter({ hasText: shopperEmail });
    await shopperRow.waitFor();
    await expect(shopperRow.getByRole('cell').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['1', '$13.56', 'Customer']),
    );
    await shop.screenshot('admin-users');

    await nav.getByRole('link', { name: 'Reviews' }).click();
    await page.getByText('No reviews here.').waitFor();

    await nav.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    // Nothing listens there: the ping's delivery is tried and logged all the same.
    await control('Endpoint URL').fill('http://127.0.0.1:9/printshop-hook');
    await page.getByRole('checkbox', { name: 'order.shipped' }).check();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const secret = page.getByLabel('Signing secret');
    await secret.waitFor();
    expect((await secret.textContent())?.length).toBeGreaterThanOrEqual(16);
    await shop.screenshot('admin-webhook-secret');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Ping' }).click();
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    // The delivery worker tries soon after; the log shows it once it has.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return deliveries.getByText('webhook.ping').isVisible();
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(true);

    await nav.getByRole('link', { name: 'Abandoned Carts' }).click();
    await page.getByRole('heading', { name: 'Abandoned Carts' }).waitFor();
    await page.getByLabel(/^Idle for at least/).waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
  });

  it('given a phone, then the sidebar folds behind the admin menu button', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(shop.url('/admin/orders'));
      await page.getByRole('heading', { name: 'Orders' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Admin' });
      expect(await nav.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Admin menu' }).click();
      await nav.getByRole('link', { name: 'Back to Site' }).waitFor();
      await shop.screenshot('admin-mobile-menu');
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(await nav.isVisible()).toBe(false);
      // The figures sit two to a row, so the owner sees them at a glance, not one per screenful.
      const cards = page.getByRole('list', { name: /^Figures:/ }).getByRole('listitem');
      await cards.first().waitFor();
      const tops = await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
      expect(tops[0]).toBe(tops[1]);
      expect(new Set(tops).size).toBe(Math.ceil(tops.length / 2));
      await shop.screenshot('admin-dashboard-phone');
      // The order's cards stack with one even gap, whether or not they share a grid.
      await page.goto(shop.url(`/admin/orders/${orderId}`));
      await page.getByRole('list', { name: 'Event history' }).waitFor();
      const gaps = await page.locator('main .admin-section').evaluateAll((sections) =>
        sections
          .map((section) => section.getBoundingClientRect())
          .map((box, i, boxes) => (i === 0 ? undefined : Math.round(box.top - boxes[i - 1]!.bottom)))
          .filter((gap) => gap !== undefined),
      );
      expect(gaps.length).toBeGreaterThan(3);
      expect(new Set(gaps)).toEqual(new Set([gaps[0]]));
      // The customer's e-mail, too long for the phone, wraps before its '@', not inside the domain.
      // Its lines stack as cards: every cell of a line (quantity, price, total too) is in view,
      // none behind a sideways scroll, and it is still a table of a header row and the line.
      const lines = page.getByRole('table', { name: 'Order lines' });
      await expect(lines.getByRole('row').count()).resolves.toBe(2);
      const cells = await lines.getByRole('row').nth(1).getByRole('cell').all();
      expect(cells).toHaveLength(6);
      for (const cell of cells) {
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width, await cell.innerText()).toBeLessThanOrEqual(390 - 16);
      }
      const customerEmail = page.getByRole('region', { name: 'Customer' }).getByRole('link', { name: /@/ });
      expect(await domainLineCount(customerEmail)).toBe(1);
      await recordScreenshot(page, 'admin-order-phone', { fullPage: true });
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('given a tablet (820 px), then the sidebar folds so the orders and users tables show whole, and a table cut on a narrower screen shows a shadow where columns are hidden', async () => {
    const { page } = shop;
    await page.setViewportSize({ width: 820, height: 1000 });
    try {
      await page.goto(shop.url('/admin/orders'));
      const orders = page.getByRole('table', { name: /Orders/ });
      await orders.getByRole('link', { name: orderNumber }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Admin' }).isVisible()).toBe(false);
      const fits = (table: typeof orders) =>
        table.evaluate((el) => {
          const wrap = el.closest('.admin-table-wrap')!;
          return { scroll: wrap.scrollWidth, box: wrap.clientWidth };
        });
      const whole = await fits(orders);
      expect(whole.scroll, 'the orders table is cut at 820 px').toBeLessThanOrEqual(whole.box);
      // Nothing selected: Delete selected lines up with the table (an empty count once pushed it 12 px in).
      const deleteLeft = (await page.getByRole('button', { name: 'Delete selected' }).boundingBox())!.x;
      const tableLeft = (await page.locator('.admin-table-wrap').boundingBox())!.x;
      expect(Math.abs(deleteLeft - tableLeft)).toBeLessThanOrEqual(1);

      // The users table (name, e-mail, joined, orders, spent, role, action) fits too; in a window
      // of 740 px it is cut, and shows it.
      await page.goto(shop.url('/admin/users'));
      const users = page.getByRole('table', { name: /Users/ });
      await users.getByRole('cell', { name: shopperEmail, exact: true }).waitFor();
      const usersWhole = await fits(users);
      expect(usersWhole.scroll, 'the users table is cut at 820 px').toBeLessThanOrEqual(usersWhole.box);
      await shop.screenshot('admin-users-tablet');
      await page.setViewportSize({ width: 740, height: 1000 });
      const cut = await fits(users);
      expect(cut.scroll).toBeGreaterThan(cut.box);
      await expectEdgeShadows(page.locator('.admin-table-wrap'));
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('given an order of a thousand prints with a long SKU, then the sales report fits a phone, its figures stay whole on a desktop, and dates and order numbers stay on one line', async () => {
    const { page } = shop;
    // Amounts in the hundreds and LARGERETROPOLAROIDWHITE, unbreakable: what the shop's real orders
    // show (a single poster order hid a report 441 px wide on a 390 px phone).
    const large = await placeShopperOrder(shop.app.url, { sku: 'LARGERETROPOLAROIDWHITE', quantity: 1000 });
    await waitForAdminReadSide(
      shop.app.url,
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      large.position,
      ['/api/admin/orders?status=paid', `/api/admin/reports/sales?from=${today()}&to=${today()}`],
    );
    /** Sideways scroll, the top bar (its name too), and what must stay on one line. */
    const problems = (phone: boolean) =>
      layoutProblems(
        page,
        { 'area name': 'header.admin-topbar a[href="/admin"]', 'back to shop': 'header a[href="/"]' },
        { phone },
      );
    try {
      await page.goto(shop.url('/admin/production'));
      await page.getByRole('link', { name: large.orderNumber }).waitFor();
      for (const width of [320, 390, 820]) {
        await page.setViewportSize({ width, height: 900 });
        await expect.soft(problems(true), `at ${width} px`).resolves.toEqual([]);
      }
      await shop.screenshot('admin-production-tablet');

      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(shop.url('/admin/reports/sales'));
      await page.getByLabel(/^Net revenue: /).waitFor();
      expect(await page.locator(ONE_LINE).count()).toBeGreaterThan(5);
      await expect.soft(problems(false)).resolves.toEqual([]);
      await shop.screenshot('admin-sales-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(shop.url('/admin/reports/sales'));
      const top = page.getByRole('table', { name: 'Top products' });
      await top.getByText('LARGERETROPOLAROIDWHITE').waitFor();
      await expect.soft(problems(true)).resolves.toEqual([]);
      // The table, wider than the phone, scrolls in its own box and shows it.
      const wrap = top.locator('xpath=ancestor::div[contains(@class, "admin-table-wrap")][1]');
      const { scroll, box } = await wrap.evaluate((el) => ({ scroll: el.scrollWidth, box: el.clientWidth }));
      expect(scroll).toBeGreaterThan(box);
      await recordScreenshot(page, 'admin-sales-phone', { fullPage: true });
      await expectEdgeShadows(wrap);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('given a signed-in customer, when they open the admin area, then they are sent to sign in', async () => {
    const { page } = shop;
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(shop.url('/'));
    await page
      .getByRole('button', { name: /Grace|chief|Admin/i })
      .first()
      .waitFor()
      .catch(() => undefined);
    // The admin's session is forgotten once the page has settled: a session answer still under way
    // would store the token again after it was removed.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('user');
    });
    await page.goto(shop.url('/login'));
    await control('E-mail').fill(shopperEmail);
    await control('Password').fill(shopperPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(shop.url('/'));

    await page.goto(shop.url('/admin/orders'));
    await page.waitForURL(shop.url('/login'));
    await page.getByText('That area is for admins. Sign in with an admin account.').waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(page.url()).toBe(shop.url('/login'));
    expect(warnings.some((text) => text.includes('not an admin'))).toBe(true);
    await shop.screenshot('admin-refused-customer');
  });
});
