// Seed values the code later corrected, for shops seeded before the correction. Each upgrade moves
// one country's shipping rule from the OLD seed to the NEW seed with a dated ShippingRuleChanged,
// but only while the stream still holds the old seed exactly and no one ever changed that country's
// rule: an owner's own choice (even one equal to the old seed) is never overwritten.
import type { Decider } from '@printshop/shared-events/decider';
import type { CatalogEvent, ShippingSetting } from '@printshop/shared-events/events/catalog';
import { SEED_ACTOR } from '@printshop/shared-events/rules/catalog-seed';
import {
  emptyCatalogView,
  evolveCatalogView,
  type CatalogView,
} from '@printshop/shared-events/rules/catalog-view';
import { toMinor } from '@printshop/shared-events/rules/money';
import { DOMESTIC_RULE } from '@printshop/shared-events/rules/shipping';

export interface SeedUpgrade {
  /** Names the upgrade's event id, so two starters racing write it once. */
  id: string;
  country: string;
  from: ShippingSetting;
  to: ShippingSetting;
}

export const SEED_UPGRADES: readonly SeedUpgrade[] = [
  {
    // India's rule was first seeded as the dollar figures copied as rupees (₹10); it is ₹99 now.
    id: 'shipping-IN-inr-99',
    country: 'IN',
    from: { feeMinor: 1000, estimatedDays: { min: 3, max: 7 } },
    to: {
      feeMinor: toMinor(DOMESTIC_RULE.baseRate, DOMESTIC_RULE.currency),
      estimatedDays: { ...DOMESTIC_RULE.estimatedDays },
    },
  },
];

export interface SeedUpgradeState {
  view: CatalogView;
  /** Countries whose rule some ShippingRuleChanged already set (an owner or an earlier upgrade). */
  changedCountries: ReadonlySet<string>;
}

export type ApplySeedUpgrade = { type: 'ApplySeedUpgrade'; data: { upgrade: SeedUpgrade; at: string } };

const sameRule = (a: ShippingSetting | undefined, b: ShippingSetting) =>
  a !== undefined &&
  a.feeMinor === b.feeMinor &&
  a.estimatedDays.min === b.estimatedDays.min &&
  a.estimatedDays.max === b.estimatedDays.max;

export function decideSeedUpgrade(command: ApplySeedUpgrade, state: SeedUpgradeState): CatalogEvent[] {
  const { upgrade, at } = command.data;
  const current = state.view.settings?.shipping[upgrade.country];
  if (state.changedCountries.has(upgrade.country) || !sameRule(current, upgrade.from)) return [];
  return [
    {
      type: 'ShippingRuleChanged',
      data: {
        country: upgrade.country,
        rule: { feeMinor: upgrade.to.feeMinor, estimatedDays: { ...upgrade.to.estimatedDays } },
        previous: { feeMinor: current!.feeMinor, estimatedDays: { ...current!.estimatedDays } },
        by: SEED_ACTOR,
        at,
      },
    },
  ];
}

export const seedUpgradeDecider: Decider<SeedUpgradeState, ApplySeedUpgrade, CatalogEvent> = {
  initialState: () => ({ view: emptyCatalogView(), changedCountries: new Set() }),
  evolve: (state, event) => ({
    view: evolveCatalogView(state.view, event),
    changedCountries:
      event.type === 'ShippingRuleChanged'
        ? new Set([...state.changedCountries, event.data.country])
        : state.changedCountries,
  }),
  decide: decideSeedUpgrade,
};
