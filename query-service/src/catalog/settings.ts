// GET /api/settings: the free-shipping banner threshold, the display currencies and the shipping
// countries, straight from the shop's rules.
import type { settingsResponseSchema } from '@printshop/shared-events/api/catalog';
import { CURRENCIES } from '@printshop/shared-events/rules/currencies';
import { toMajor } from '@printshop/shared-events/rules/money';
import {
  DEFAULT_FREE_SHIPPING_THRESHOLD_USD_CENTS,
  SHIPPING_RULES,
} from '@printshop/shared-events/rules/shipping';
import type { z } from 'zod';

export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/** `freeShippingThresholdUsdCents`: the configured setting; the spec's 50 USD when there is none. */
export function shopSettings(freeShippingThresholdUsdCents?: number): SettingsResponse {
  return {
    success: true,
    freeShippingThresholdUsd: toMajor(
      freeShippingThresholdUsdCents ?? DEFAULT_FREE_SHIPPING_THRESHOLD_USD_CENTS,
      'USD',
    ),
    currencies: CURRENCIES.map((c) => ({ ...c, countries: [...c.countries] })),
    shippingCountries: SHIPPING_RULES.map((rule) => ({
      ...rule,
      estimatedDays: { ...rule.estimatedDays },
    })),
  };
}
