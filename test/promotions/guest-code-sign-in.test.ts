// A guest's promotion code on sign-in (docs/design.md "Carts"): it moves into the account's cart
// with the guest's lines; when the account's cart already has a code of its own, that one stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartResponseSchema } from '@printshop/shared-events/api/cart';
import type { TestApp } from '@printshop/test/support/app';
import { browser, type Browser } from '../cart/support';
import { addPrints } from '../payments/support';
import { adminApi, applyCode, createCode, freshCode, startPromotionApp, type Api } from './support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startPromotionApp('promotions_guest_code');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

const cartOf = async (b: Browser) => cartResponseSchema.parse((await b.call('GET', '/api/cart')).body);

describe('a guest code on sign-in', () => {
  it('given a guest with a code applied, when the guest signs in to an account with no code, then the account cart has the code', async () => {
    const { code } = await createCode(admin, { code: freshCode('GUEST') });
    const b = browser(app);
    const { email, password } = await b.register();
    b.signOut();
    await addPrints(b, 'POSTERA4', 2);
    expect((await applyCode(b, code)).status).toBe(200);

    expect((await b.login({ email, password })).status).toBe(200);
    const cart = await cartOf(b);
    expect(cart.cartId).toMatch(/^u-/);
    expect(cart.promotion).toMatchObject({ code, message: null });
    expect(cart.promotion!.discount).toBeGreaterThan(0);

    // The code moved: the guest cart has it no more.
    b.signOut();
    expect((await cartOf(b)).promotion).toBeUndefined();
  });

  it('given an account cart with its own code, when a guest with another code signs in, then the account keeps its own', async () => {
    const { code: own } = await createCode(admin, { code: freshCode('OWN') });
    const { code: guests } = await createCode(admin, { code: freshCode('GUEST') });
    const b = browser(app);
    const { email, password } = await b.register();
    await addPrints(b, 'POSTERA4', 1);
    expect((await applyCode(b, own)).status).toBe(200);
    b.signOut();
    await addPrints(b, 'POSTERA3', 1);
    expect((await applyCode(b, guests)).status).toBe(200);

    expect((await b.login({ email, password })).status).toBe(200);
    const cart = await cartOf(b);
    expect(cart.promotion?.code).toBe(own);
    expect(cart.items.map((i) => i.sku).sort()).toEqual(['POSTERA3', 'POSTERA4']);
  });
});
