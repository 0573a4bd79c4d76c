// What the every-screen journey checks on a page: no sideways scroll, the header's five items
// (logo, menu, currency, account, cart) in view and big enough to tap on phones, the admin
// shell's own items, figures, dates and order numbers each on one line, and axe-core's serious or
// critical violations.
import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';

/** Touch screens: phones, then a tablet upright (820) and on its side (1180). */
export const TOUCH_WIDTHS = [320, 360, 390, 414, 820, 1180] as const;
export const WIDE_WIDTHS = [768, 1024, 1280, 1440, 1920] as const;
/** Touch targets on touch screens (WCAG 2.5.5). */
export const MIN_TARGET_PX = 44;

/** Waits for the page to settle: its heading shown, its calls answered, two frames drawn. */
export async function settle(page: Page): Promise<void> {
  await page
    .locator('main h1, [role="main"] h1')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('main[aria-busy], .spinner'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await frames(page);
}

export const frames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Items a shell must show, each a CSS selector list (the first visible match counts). */
export const STORE_HEADER_ITEMS = {
  logo: 'header.header a.logo',
  menu: 'header.header nav[aria-label="Main"], header.header button[aria-controls="mobile-menu-panel"]',
  currency: 'header.header .currency-picker__trigger',
  account: 'header.header a[href="/login"], header.header button[aria-controls="user-menu-panel"]',
  cart: 'header.header a[href="/cart"]',
} as const;
/** Links and buttons that stand on their own (not words in a sentence): 44 x 44 px on a touch
 * screen. The footer's every link counts (its support e-mail and legal links were 15 px tall once,
 * its "Prints" 42 px wide, unmeasured). */
export const STANDALONE_TARGETS =
  '.back-link, .footer a, header.header .search-form button, header.header .nav__trigger, header.header .nav__item > a';
/** Small controls, 44 px both ways on a touch screen: the product gallery's arrows, the photo
 * list's quantity fields and buttons, the error banner's close button and the crop dialog's zoom
 * buttons. (Once only heights were measured, and only of the links above: a 42 px wide quantity
 * field and 38, 32 and 29 x 23 px round buttons passed.) */
export const SMALL_TARGETS =
  '.carousel__nav, .quantity-input input, .quantity-input button, .creation-banner__close, .crop-modal__zoom button';
export const ADMIN_SHELL_ITEMS = {
  sections: 'nav[aria-label="Admin"], button[aria-controls="admin-sidebar"]',
  // The area's name, at every width (a phone once showed only the menu button and View Shop).
  'area name': 'header.admin-topbar a[href="/admin"]',
  'back to shop': 'a[href="/"]',
} as const;
/** What reads as one piece and is never broken over two lines: a date or an order number in a
 * table ("Dec 1, 2026 / 5:13 AM", "PS- / 8KU2D55E" once), a card's figure ("$602.3 / 2" once). */
export const ONE_LINE = '.admin-table time, .admin-table a[href^="/admin/orders/"], .admin-kpi__value';

/** Space the page's heading keeps from the screen's sides (the pages' own padding is 11-20 px). */
export const MIN_SIDE_GAP_PX = 8;

/**
 * Layout problems at the page's current width: sideways scroll (naming the widest elements), a
 * shell item missing or out of view, the page's heading against a side of the screen or a shared
 * class without its styles (a page that did not bring its stylesheets), a figure, date or order
 * number broken over two lines, and on phones an item smaller than 44 x 44 px.
 */
export async function layoutProblems(
  page: Page,
  items: Record<string, string>,
  options: { phone: boolean; noStoreHeader?: boolean },
): Promise<string[]> {
  return page.evaluate(
    ({ items, phone, noStoreHeader, minTarget, minGap, standalone, smallTargets, oneLine }) => {
      const problems: string[] = [];
      const width = document.documentElement.clientWidth;
      const scroll = document.documentElement.scrollWidth;
      if (scroll > window.innerWidth || scroll > width) {
        const wide = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
          .filter((el) => el.getBoundingClientRect().right > width + 1)
          .slice(-3)
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}`);
        problems.push(`scrolls sideways: ${scroll} px in ${width} (${wide.join(', ')})`);
      }
      const shown = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      for (const [name, selector] of Object.entries(items)) {
        const el = Array.from(document.querySelectorAll(selector)).find(shown);
        if (!el) {
          problems.push(`${name} not shown`);
          continue;
        }
        const r = el.getBoundingClientRect();
        if (r.left < -1 || r.right > width + 1) {
          problems.push(`${name} out of view (${Math.round(r.left)}-${Math.round(r.right)})`);
        }
        if (phone && el.tagName !== 'NAV' && (r.width < minTarget - 0.5 || r.height < minTarget - 0.5)) {
          problems.push(`${name} is ${Math.round(r.width)}x${Math.round(r.height)} px, under ${minTarget}`);
        }
      }
      if (phone) {
        const small = Array.from(document.querySelectorAll<HTMLElement>(`${standalone}, ${smallTargets}`))
          .filter(shown)
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width < minTarget - 0.5 || r.height < minTarget - 0.5)
          .map(
            ({ el, r }) =>
              `"${el.getAttribute('aria-label') || el.textContent?.trim() || el.className}" ${Math.round(r.width)}x${Math.round(r.height)} px`,
          );
        if (small.length > 0)
          problems.push(`under ${minTarget} x ${minTarget} px to a finger: ${small.slice(0, 6).join(', ')}`);
      }
      const broken = Array.from(document.querySelectorAll<HTMLElement>(oneLine))
        .filter(shown)
        .filter((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const bottoms = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.bottom);
          return bottoms.some((bottom) => Math.abs(bottom - bottoms[0]!) > 2);
        })
        .map((el) => `"${el.textContent?.trim()}"`);
      if (broken.length > 0) problems.push(`broken over two lines: ${broken.slice(0, 4).join(', ')}`);
      // The shop header's controls side by side, none over another (a long first name once pushed
      // the menus under the search button), and so are the admin top bar's.
      const controls = Array.from(
        document.querySelectorAll<HTMLElement>(
          'header.header .header__bar > .logo, header.header .nav__item, header.header .header__actions > *, header.admin-topbar > *',
        ),
      ).filter(shown);
      controls.forEach((a, i) => {
        const ra = a.getBoundingClientRect();
        for (const b of controls.slice(i + 1)) {
          const rb = b.getBoundingClientRect();
          const across = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
          const down = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
          if (across > 1 && down > 1)
            problems.push(
              `header: ${a.textContent?.trim() || a.className} overlaps ${b.textContent?.trim() || b.className} by ${Math.round(across)} px`,
            );
        }
      });
      // A shared class on the page without its stylesheet: the page did not bring the styles it uses.
      // (Each property is 0 without the stylesheet, whatever the browser's defaults.)
      const sharedStyles = [
        ['.field__control', 'borderTopLeftRadius'],
        ['.alert', 'paddingLeft'],
        ['.page', 'paddingLeft'],
      ] as const;
      for (const [selector, property] of sharedStyles) {
        const bare = Array.from(document.querySelectorAll(selector)).find(
          (el) => shown(el) && getComputedStyle(el)[property] === '0px',
        );
        if (bare) problems.push(`${selector} without its styles`);
      }
      // A visually hidden heading (1 x 1 px, clipped) is no page edge.
      const heading = Array.from(document.querySelectorAll('h1')).find(
        (el) => shown(el) && el.getBoundingClientRect().width > 2,
      );
      if (heading) {
        const r = heading.getBoundingClientRect();
        if (r.left < minGap || r.right > width - minGap)
          problems.push(
            `the heading touches a side (${Math.round(r.left)}-${Math.round(r.right)} of ${width})`,
          );
      }
      if (noStoreHeader && document.querySelector('header.header, footer.footer')) {
        problems.push('shows the shop header or footer');
      }
      return problems;
    },
    {
      items,
      phone: options.phone,
      noStoreHeader: options.noStoreHeader ?? false,
      minTarget: MIN_TARGET_PX,
      minGap: MIN_SIDE_GAP_PX,
      standalone: STANDALONE_TARGETS,
      smallTargets: SMALL_TARGETS,
      oneLine: ONE_LINE,
    },
  );
}

export interface AxeFinding {
  id: string;
  impact: string;
  nodes: string[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const results = await run(document, { resultTypes: ['violations'] });
    return (
      results.violations
        // Headings out of order (moderate to axe) mislead whoever moves through a page by its headings.
        .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order')
        .map((v) => ({
          id: v.id,
          impact: v.impact ?? '',
          nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
        }))
    );
  });
}

/** How many lines an e-mail's domain (from its last '@') takes in `element`: 1 when it wraps before
 * the '@' or not at all, 2 when it is cut mid-domain ("@exampl" / "e.com"). */
export const domainLineCount = (element: Locator): Promise<number> =>
  element.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let node: Node | null;
    let last: Node | undefined;
    while ((node = walker.nextNode())) if (node.textContent!.includes('@')) last = node;
    if (!last) throw new Error(`no '@' in ${el.textContent}`);
    const range = document.createRange();
    range.setStart(last, last.textContent!.lastIndexOf('@'));
    range.setEnd(last, last.textContent!.length);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
