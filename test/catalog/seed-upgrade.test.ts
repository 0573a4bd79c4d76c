// A shop seeded before India's rule became ₹99 (spec 1 §9) holds the old ₹10 in its SettingsSeeded.
// At start the seeding step moves it to the new seed once, with a dated ShippingRuleChanged, unless
// the owner ever set India's rule; a second start (or a second starter racing) writes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { allEvents } from '@printshop/shared-events/all-events';
import { EventRegistry } from '@printshop/shared-events/event-registry';
import { CATALOG_STREAM, type CatalogEvent } from '@printshop/shared-events/events/catalog';
import { seedCatalogEvents } from '@printshop/shared-events/rules/catalog-seed';
import { seedCatalog } from '@printshop/command-service/catalog/seed';
import { createTestStore, type TestStore } from '@printshop/test/support/stores';

const OLD_IN = { feeMinor: 1000, estimatedDays: { min: 3, max: 7 } };
const NEW_IN = { feeMinor: 9900, estimatedDays: { min: 3, max: 7 } };
const SEEDED_AT = '2026-01-10T09:00:00.000Z';
const START = new Date('2026-11-25T06:00:00.000Z');

let testStore: TestStore | undefined;
afterEach(async () => {
  await testStore?.close();
  testStore = undefined;
});

/** A catalog stream as the code seeded it before the correction: India at ₹10. */
async function shopSeededWithOldIndia(extra: CatalogEvent[] = []) {
  testStore = await createTestStore('seed_upgrade', { registry: new EventRegistry(allEvents) });
  const events = seedCatalogEvents(SEEDED_AT).map((event) =>
    event.type === 'SettingsSeeded'
      ? { ...event, data: { ...event.data, shipping: { ...event.data.shipping, IN: OLD_IN } } }
      : event,
  );
  await testStore.store.appendToStream(
    CATALOG_STREAM,
    [...events, ...extra].map((event) => ({ type: event.type, data: event.data })),
  );
  return testStore.store;
}

const streamOf = async (store: TestStore['store']) =>
  (await store.readStream<CatalogEvent>(CATALOG_STREAM)).map(
    ({ type, data }) => ({ type, data }) as CatalogEvent,
  );

const ownerSetsIndia = (from: typeof OLD_IN, to: typeof OLD_IN, at: string): CatalogEvent => ({
  type: 'ShippingRuleChanged',
  data: { country: 'IN', rule: to, previous: from, by: 'admin:1', at },
});

describe('start-up seeding on a shop seeded with the old India rule', () => {
  it('given India still at the old seed, when the shop starts, then one dated ShippingRuleChanged moves it to ₹99; a second start writes nothing', async () => {
    const store = await shopSeededWithOldIndia();
    const before = (await streamOf(store)).length;

    expect(await seedCatalog(store, START)).toBe(false);
    const after = await streamOf(store);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toEqual({
      type: 'ShippingRuleChanged',
      data: { country: 'IN', rule: NEW_IN, previous: OLD_IN, by: 'system', at: START.toISOString() },
    });

    await seedCatalog(store, new Date('2026-11-26T06:00:00.000Z'));
    expect(await streamOf(store)).toHaveLength(before + 1);
  });

  it('given two starters at once, then the change is written once', async () => {
    const store = await shopSeededWithOldIndia();
    const before = (await streamOf(store)).length;
    await Promise.all([seedCatalog(store, START), seedCatalog(store, START)]);
    const changes = (await streamOf(store)).filter((e) => e.type === 'ShippingRuleChanged');
    expect(changes).toHaveLength(1);
    expect(await streamOf(store)).toHaveLength(before + 1);
  });

  it('given the owner changed India’s rule, then the start leaves it alone', async () => {
    const own = { feeMinor: 1500, estimatedDays: { min: 2, max: 5 } };
    const store = await shopSeededWithOldIndia([ownerSetsIndia(OLD_IN, own, '2026-03-01T00:00:00.000Z')]);
    const before = await streamOf(store);
    await seedCatalog(store, START);
    expect(await streamOf(store)).toEqual(before);
  });

  it('given the owner set India back to exactly ₹10 after a change, then the start still leaves it alone', async () => {
    const own = { feeMinor: 1500, estimatedDays: { min: 3, max: 7 } };
    const store = await shopSeededWithOldIndia([
      ownerSetsIndia(OLD_IN, own, '2026-03-01T00:00:00.000Z'),
      ownerSetsIndia(own, OLD_IN, '2026-03-02T00:00:00.000Z'),
    ]);
    const before = await streamOf(store);
    await seedCatalog(store, START);
    expect(await streamOf(store)).toEqual(before);
  });

  it('given a new shop, then it is seeded at ₹99 and a second start adds nothing', async () => {
    testStore = await createTestStore('seed_upgrade_new', { registry: new EventRegistry(allEvents) });
    const { store } = testStore;
    expect(await seedCatalog(store, START)).toBe(true);
    const seeded = await streamOf(store);
    const settings = seeded.find((e) => e.type === 'SettingsSeeded');
    expect(settings?.type === 'SettingsSeeded' && settings.data.shipping.IN).toEqual(NEW_IN);
    expect(await seedCatalog(store, START)).toBe(false);
    expect(await streamOf(store)).toHaveLength(seeded.length);
  });
});
