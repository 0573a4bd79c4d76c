// The owner's live catalog and settings in the storefront: the code's product (and a prerendered
// page's build-time values) shows first, then GET /api/products and GET /api/settings win once they
// answer, so a price, a picture, a name, a description or a threshold the admin changed shows
// without a new build. The first render (hydration's) never has them: the queries answer after it.
import { useMemo } from 'react';
import type { ProductDto } from '@printshop/shared-events/api/catalog';
import type { TrustCopy } from '@printshop/shared-events/events/catalog';
import { HIDDEN_PRODUCTS_META, type Product } from '@printshop/shared-events/rules/catalog';
import { SEED_TRUST_COPY } from '@printshop/shared-events/rules/catalog-seed';
import {
  discountSchemeOf,
  seedCurrencyRates,
  seedQuantityBands,
  type ShopSettings,
} from '@printshop/shared-events/rules/catalog-view';
import { isCurrencyCode, type CurrencyCode } from '@printshop/shared-events/rules/currencies';
import type { BandGroup, DiscountBand, DiscountScheme } from '@printshop/shared-events/rules/discounts';
import { toMinor, type CurrencyRates } from '@printshop/shared-events/rules/money';
import { shippingAnnouncement, shippingTermsIn } from '@printshop/shared-events/rules/shipping-terms';
import { useProducts } from './get-products';
import { useSettings } from './get-settings';

type LiveProduct = Pick<ProductDto, 'sku' | 'price' | 'sizes'>;

/**
 * A product as the storefront shows it: the code's, with the owner's live values once GET
 * /api/products answers. `description` is the owner's, present only when they wrote one: a page
 * shows its own copy without it.
 */
export type ShownProduct = Product & { readonly description?: string };

/** `product` with the prices of its live answer; unchanged when the answer does not list it. */
export function withLivePrices(product: Product, live: readonly LiveProduct[] | undefined): Product {
  const dto = live?.find((p) => p.sku === product.sku);
  if (!dto) return product;
  const sizes = product.sizes?.map((size) => {
    const priced = dto.sizes?.find((s) => s.id === size.id);
    return priced ? { ...size, priceUsdCents: toMinor(priced.price, 'USD') } : size;
  });
  return { ...product, basePriceUsdCents: toMinor(dto.price, 'USD'), ...(sizes && { sizes }) };
}

/**
 * `product` with the prices, pictures, name and description of its live answer; unchanged when the
 * answer does not list it. An empty description (none written) leaves the product without one.
 */
export function withLiveValues(
  product: Product,
  live:
    ReadonlyArray<LiveProduct & Pick<ProductDto, 'name' | 'imageUrl' | 'images' | 'description'>> | undefined,
): ShownProduct {
  const priced = withLivePrices(product, live);
  const dto = live?.find((p) => p.sku === product.sku);
  if (!dto) return priced;
  return {
    ...priced,
    name: dto.name || product.name,
    ...(dto.description && { description: dto.description }),
    imageUrl: dto.imageUrl,
    images: dto.images ?? [dto.imageUrl],
  };
}

/** The product with the owner's live values once GET /api/products answers (withLiveValues). */
export function useLiveProduct(product: Product): ShownProduct;
export function useLiveProduct(product: Product | undefined): ShownProduct | undefined;
export function useLiveProduct(product: Product | undefined): ShownProduct | undefined {
  const { data } = useProducts();
  return useMemo(() => product && withLiveValues(product, data), [product, data]);
}

/** The code's products (a category page's) with the owner's live values once they answer. */
export function useLiveProducts(products: readonly Product[] | undefined): ShownProduct[] | undefined {
  const { data } = useProducts();
  return useMemo(() => products?.map((product) => withLiveValues(product, data)), [products, data]);
}

interface SettingsAnswer {
  freeShippingThresholdUsd: number;
  currencies: ReadonlyArray<{ code: string; ratePerUsd: number }>;
  trust?: { deliveryPromise: string; ratingText: string } | undefined;
  shippingCountries: ReadonlyArray<{
    country: string;
    currency: string;
    baseRate: number;
    estimatedDays: { min: number; max: number };
  }>;
  quantityBands?: Readonly<Record<BandGroup, readonly DiscountBand[]>> | undefined;
}

/** GET /api/settings as the shipping rules take it (shipping-terms.ts); null before it answers. */
export function settingsOf(answer: SettingsAnswer | undefined): ShopSettings | null {
  if (!answer) return null;
  return {
    freeShippingThresholdUsdCents: toMinor(answer.freeShippingThresholdUsd, 'USD'),
    shipping: Object.fromEntries(
      answer.shippingCountries.map((rule) => [
        rule.country,
        { feeMinor: toMinor(rule.baseRate, rule.currency), estimatedDays: { ...rule.estimatedDays } },
      ]),
    ),
    trust: answer.trust ?? { ...SEED_TRUST_COPY },
    // The owner's rates: prices shown here convert as the server's will (money.ts).
    currencyRates: {
      ...seedCurrencyRates(),
      ...Object.fromEntries(
        answer.currencies.filter((c) => isCurrencyCode(c.code)).map((c) => [c.code, c.ratePerUsd]),
      ),
    },
    // The owner's bands: the pages' band tables and "add N more" nudges match the cart's discount.
    quantityBands: { ...seedQuantityBands(), ...answer.quantityBands },
  };
}

export function useShopSettings(): ShopSettings | null {
  const { data } = useSettings();
  return useMemo(() => settingsOf(data), [data]);
}

/** The shipping terms of `country` in `currency` with the owner's live settings. */
export function useShippingTerms(country: string | null | undefined, currency: CurrencyCode) {
  const settings = useShopSettings();
  return useMemo(() => shippingTermsIn(country, currency, settings), [country, currency, settings]);
}

export function useShippingAnnouncement(country: string | null | undefined, currency: CurrencyCode): string {
  const settings = useShopSettings();
  return shippingAnnouncement(country, currency, undefined, settings);
}

/** The owner's current currency rates; undefined (the code's table) before GET /api/settings answers. */
export function useCurrencyRates(): CurrencyRates | undefined {
  return useShopSettings()?.currencyRates;
}

/** The owner's quantity bands of a group as a scheme; the code's before GET /api/settings answers. */
export function useDiscountScheme(group: BandGroup): DiscountScheme {
  const settings = useShopSettings();
  return useMemo(
    () => discountSchemeOf(group, settings ? { products: {}, settings } : undefined),
    [group, settings],
  );
}

/** The owner's trust copy (delivery promise, rating line); the seed's until GET /api/settings answers. */
export function useTrustCopy(): TrustCopy {
  const { data } = useSettings();
  return data?.trust ?? SEED_TRUST_COPY;
}

/**
 * The SKUs the gateway named hidden in the page it served (infra: hidden-products-markup.ts). It
 * names them only in the shell, which the app renders from scratch; a prerendered page carries no
 * such tag, so its hydration renders the markup as built (a style hides those cards meanwhile).
 */
function hiddenInPage(): ReadonlySet<string> {
  if (typeof document === 'undefined') return new Set();
  const content =
    document.querySelector(`meta[name="${HIDDEN_PRODUCTS_META}"]`)?.getAttribute('content') ?? '';
  return new Set(content.split(/\s+/).filter(Boolean));
}

/**
 * Whether the owner hid a product: GET /api/products answered without it. Before it answers (or
 * when it fails) only what the page was served with counts as hidden (hiddenInPage), so a
 * prerendered page keeps its products.
 */
export function useIsHidden(): (sku: string) => boolean {
  const { data } = useProducts();
  return useMemo(() => {
    if (!data) {
      const inPage = hiddenInPage();
      return (sku: string) => inPage.has(sku);
    }
    const listed = new Set(data.map((p) => p.sku));
    return (sku: string) => !listed.has(sku);
  }, [data]);
}
