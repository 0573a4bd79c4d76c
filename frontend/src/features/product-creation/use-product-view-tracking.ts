// View-content tracking (spec 2 §4, §7): once when a product page shows, and again whenever its SKU
// or path changes; the price is the per-item price in the chosen currency.
import { useEffect, useRef } from 'react';
import type { Product } from '@printshop/shared-events/rules/catalog';
import { convertFromUsd, toMajor } from '@printshop/shared-events/rules/money';
import { useCurrency } from '@/lib/currency/use-currency';
import { useSession } from '@/lib/session/use-session';
import { trackViewContent } from '@/lib/tracking/track-product';

export function useProductViewTracking(product: Product, pathname: string): void {
  const { currency, rates } = useCurrency();
  const { user } = useSession();
  const latest = useRef({ currency, user, rates });
  latest.current = { currency, user, rates };

  useEffect(() => {
    const { currency: code, user: who, rates: owned } = latest.current;
    void trackViewContent(
      {
        sku: product.sku,
        metaContentId: product.metaContentId ?? product.sku,
        name: product.name,
        price: toMajor(convertFromUsd(product.basePriceUsdCents, code, owned), code),
        currency: code,
      },
      who,
    );
  }, [product, pathname]);
}
