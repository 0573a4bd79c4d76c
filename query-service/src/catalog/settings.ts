// GET /api/settings: the free-shipping banner threshold, the display currencies, the shipping
// countries with the owner's fees and days, the trust copy and the quantity bands; the code's values
// before any change.
import type { settingsResponseSchema } from '@printshop/shared-events/api/catalog';
import { ruleIn, seedQuantityBands, type ShopSettings } from '@printshop/shared-events/rules/catalog-view';
import { SEED_TRUST_COPY } from '@printshop/shared-events/rules/catalog-seed';
import { CURRENCIES } from '@printshop/shared-events/rules/currencies';
import type { BandGroup, DiscountBand } from '@printshop/shared-events/rules/discounts';
import { toMajor } from '@printshop/shared-events/rules/money';
import {
  DEFAULT_FREE_SHIPPING_THRESHOLD_USD_CENTS,
  SHIPPING_RULES,
} from '@printshop/shared-events/rules/shipping';
import type { z } from 'zod';

export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export function shopSettings(settings?: ShopSettings | null): SettingsResponse {
  return {
    success: true,
    freeShippingThresholdUsd: toMajor(
      settings?.freeShippingThresholdUsdCents ?? DEFAULT_FREE_SHIPPING_THRESHOLD_USD_CENTS,
      'USD',
    ),
    // The owner's current rates (the code's table before any change).
    currencies: CURRENCIES.map((c) => ({
      ...c,
      ratePerUsd: settings?.currencyRates[c.code] ?? c.ratePerUsd,
      countries: [...c.countries],
    })),
    shippingCountries: SHIPPING_RULES.map((base) => {
      const rule = ruleIn(base, settings);
      return { ...rule, estimatedDays: { ...rule.estimatedDays } };
    }),
    trust: { ...(settings?.trust ?? SEED_TRUST_COPY) },
    // The bands the cart applies, so the product pages' tables and nudges say the same.
    quantityBands: Object.fromEntries(
      Object.entries({ ...seedQuantityBands(), ...settings?.quantityBands }).map(([group, bands]) => [
        group,
        bands.map((band) => ({ ...band })),
      ]),
    ) as Record<BandGroup, DiscountBand[]>,
  };
}
