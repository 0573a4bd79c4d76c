// View-content tracking (spec 2 §4, §7): once when a product page shows, and again whenever its SKU
// or path changes; the price is the per-item price in the chosen currency. A prerendered page
// tracks once hydrated: before, the currency is the HTML's default, not the shopper's (a view was
// sent twice, in dollars and then in rupees). The live catalog answering gives the same product as
// a new object, which is no new view.
import { useEffect, useRef } from 'react';
import type { Product } from '@printshop/shared-events/rules/catalog';
import { convertFromUsd, toMajor } from '@printshop/shared-events/rules/money';
import { useCurrency } from '@/lib/currency/use-currency';
import { useSession } from '@/lib/session/use-session';
import { trackViewContent } from '@/lib/tracking/track-product';
import { useHydrated } from '@/lib/use-hydrated';

export function useProductViewTracking(product: Product, pathname: string): void {
  const hydrated = useHydrated();
  const { currency, rates } = useCurrency();
  const { user } = useSession();
  const latest = useRef({ product, currency, user, rates });
  latest.current = { product, currency, user, rates };

  useEffect(() => {
    if (!hydrated) return;
    const { product: shown, currency: code, user: who, rates: owned } = latest.current;
    void trackViewContent(
      {
        sku: shown.sku,
        metaContentId: shown.metaContentId ?? shown.sku,
        name: shown.name,
        price: toMajor(convertFromUsd(shown.basePriceUsdCents, code, owned), code),
        currency: code,
      },
      who,
    );
  }, [hydrated, product.sku, pathname]);
}
