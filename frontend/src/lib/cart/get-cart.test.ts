// The cart across tabs: a change here tells the others; a change elsewhere reloads this tab's
// carts, unless a payment step holds them, then once it lets go.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CART_QUERY_ROOT,
  holdCartReloadsFromElsewhere,
  refreshCart,
  reloadCartsOnChangesElsewhere,
} from './get-cart';

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
    await expect(heard).resolves.toBe('changed');
    other.close();
  });

  it('given a change in another tab, then this tab reloads its carts', async () => {
    const { reloads } = tab();
    const other = otherTab();
    other.postMessage('changed');
    await delivered();
    expect(reloads).toHaveBeenCalledWith({ queryKey: [CART_QUERY_ROOT] });
    other.close();
  });

  it('given a payment step holding the carts, when another tab changes the cart, then they reload only once it lets go', async () => {
    const { queryClient, reloads } = tab();
    const release = holdCartReloadsFromElsewhere(queryClient);
    const other = otherTab();
    other.postMessage('changed');
    other.postMessage('changed');
    await delivered();
    expect(reloads).not.toHaveBeenCalled();
    release();
    expect(reloads).toHaveBeenCalledTimes(1);
    other.close();
  });

  it('given a hold with nothing missed, when it lets go, then nothing reloads', () => {
    const { queryClient, reloads } = tab();
    holdCartReloadsFromElsewhere(queryClient)();
    expect(reloads).not.toHaveBeenCalled();
  });
});
