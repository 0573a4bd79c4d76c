// The currency and the country to ship to are one per browser (localStorage), so every tab of the
// shop follows a choice made in another (the `storage` event, which only other tabs receive): its
// header, prices and cart show the new currency without a reload, instead of dollars beside a cart
// priced in euros elsewhere. A payment step keeps the currency it charges until it is left
// (changes-from-elsewhere.ts): a choice made out of sight must not change what Pay takes.
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { reloadCarts } from '@/lib/cart/get-cart';
import { applyUnlessHeld } from '@/lib/changes-from-elsewhere';
import {
  CHOICE_KEYS,
  CURRENCY_CHANGED_EVENT,
  followSavedChoiceAtom,
  type CurrencyChangedDetail,
} from './currency-store';

export function useCurrencyFromOtherTabs(): void {
  const follow = useSetAtom(followSavedChoiceAtom);
  const queryClient = useQueryClient();

  useEffect(() => {
    const apply = () => {
      const { currency, countryChanged } = follow();
      // As after a choice made here: the pages read the currency again and the carts reload.
      if (currency)
        globalThis.dispatchEvent(
          new CustomEvent<CurrencyChangedDetail>(CURRENCY_CHANGED_EVENT, { detail: { currency } }),
        );
      else if (countryChanged) void reloadCarts(queryClient);
    };
    const onStorage = (event: StorageEvent) => {
      // key null: the other tab cleared storage altogether.
      if (event.key !== null && !CHOICE_KEYS.includes(event.key)) return;
      applyUnlessHeld('currency', apply);
    };
    globalThis.addEventListener('storage', onStorage);
    return () => globalThis.removeEventListener('storage', onStorage);
  }, [follow, queryClient]);
}
