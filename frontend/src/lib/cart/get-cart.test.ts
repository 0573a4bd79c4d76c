// The cart across tabs: a change here tells the others; a change elsewhere reloads this tab's
// carts, unless a payment step holds them, then once it lets go.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastEventPosition } from '@/lib/api-client';
import { holdChangesFromElsewhere } from '@/lib/changes-from-elsewhere';
import { CART_QUERY_ROOT, refreshCart, reloadCartsOnChangesElsewhere } from './get-cart';

/** Another tab of the shop: its own channel of the same name. */
const otherTab = () => new BroadcastChannel('printshop-cart');
const nextMessage = (channel: BroadcastChannel) =>
  new Promise<unknown>((resolve) =>
    channel.addEventListener('message', (e) => resolve(e.data), { once: true }),
  );
/** Lets a posted message arrive (delivery is a task, not a microtask). */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 50));

const stops: Array<() => void> = [];
afterEach(() => {
  while (stops.length) stops.pop()!();
});

function tab() {
  const queryClient = new QueryClient();
  const reloads = vi.spyOn(queryClient, 'invalidateQueries');
  stops.push(reloadCartsOnChangesElsewhere(queryClient));
  return { queryClient, reloads };
}

describe('the cart across tabs', () => {
  it('given a change in this tab, when the cart is refreshed, then the other tabs hear of it', async () => {
    const other = otherTab();
    const heard = nextMessage(other);
    await refreshCart(new QueryClient());
    await expect(heard).resolves.toEqual({ position: lastEventPosition() });
    other.close();
  });

  it('given a change in another tab, then this tab reloads its carts, reading no older state than that change', async () => {
    const { reloads } = tab();
    const other = otherTab();
    other.postMessage({ position: '9000000001' });
    await delivered();
    expect(reloads).toHaveBeenCalledWith({ queryKey: [CART_QUERY_ROOT] });
    // Sent as X-Min-Position by this tab's next reads.
    expect(lastEventPosition()).toBe('9000000001');
    other.close();
  });

  it('given a payment step holding the carts, when another tab changes the cart, then they reload only once it lets go', async () => {
    const { reloads } = tab();
    const release = holdChangesFromElsewhere();
    const other = otherTab();
    other.postMessage({ position: '1' });
    other.postMessage({});
    await delivered();
    expect(reloads).not.toHaveBeenCalled();
    release();
    expect(reloads).toHaveBeenCalledTimes(1);
    other.close();
  });

  it('given a hold with nothing missed, when it lets go, then nothing reloads', () => {
    const { reloads } = tab();
    holdChangesFromElsewhere()();
    expect(reloads).not.toHaveBeenCalled();
  });
});
