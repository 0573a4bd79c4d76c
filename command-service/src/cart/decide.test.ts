// The cart's rules as given events / when command / then events or error.
import { describe, expect, it } from 'vitest';
import { fold } from '@printshop/shared-events/decider';
import { Conflict, NotFound, RuleBroken, ValidationError } from '@printshop/shared-events/errors';
import { REMEMBERED_REQUESTS, type CartEvent, type CartLineData } from '@printshop/shared-events/events/cart';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { MAX_CART_LINES } from '@printshop/shared-events/api/cart';
import { cartDecider, CART_MESSAGES, type CartCommand } from './decide';

const spec = deciderSpec(cartDecider);
const at = '2025-03-01T10:00:00.000Z';

const poster: CartLineData = {
  lineId: 'l1',
  sku: 'POSTERA4',
  quantity: 2,
  rawImageId: 'r1',
  croppedImageId: 'c1',
  addedAt: at,
};
const print: CartLineData = {
  lineId: 'l2',
  sku: '4X6PHOTOPRINT',
  quantity: 1,
  croppedImageId: 'c2',
  addedAt: at,
};
const collage = {
  templatePath: '/images/products/template18.png',
  templateName: 'Studio',
  size: 'A4',
  images: [],
};

const added = (line: CartLineData): CartEvent => ({ type: 'CartItemAdded', data: line });
const add = (line: Partial<CartLineData> & { quantity: number }): CartCommand => ({
  type: 'AddItem',
  data: { lineId: 'new', sku: 'POSTERA4', croppedImageId: 'c1', rawImageId: 'r1', at, ...line },
});

describe('adding an item', () => {
  it('given an empty cart, when a poster is added, then a line is added with the catalog SKU', () => {
    spec
      .given([])
      .when(add({ sku: 'postera4', quantity: 2, lineId: 'l1' }))
      .then([added(poster)]);
  });

  it('given the same poster and image, when added again, then the quantities add up on that line', () => {
    spec
      .given([added(poster)])
      .when(add({ quantity: 3 }))
      .then([{ type: 'CartItemQuantityChanged', data: { lineId: 'l1', quantity: 5 } }]);
  });

  it('given a poster, when the same SKU is added with another image, then it is a line of its own', () => {
    spec
      .given([added(poster)])
      .when(add({ quantity: 1, croppedImageId: 'c9' }))
      .then([added({ ...poster, lineId: 'new', croppedImageId: 'c9', quantity: 1 })]);
  });

  it('given a collage line, when the same collage comes with its keys in another order, then it merges', () => {
    const line = { ...poster, sku: 'TEMPLATE18_COLLAGE_A4', customizationData: collage };
    spec
      .given([added(line)])
      .when(
        add({
          sku: 'TEMPLATE18_COLLAGE_A4',
          quantity: 1,
          customizationData: {
            images: [],
            size: 'A4',
            templateName: 'Studio',
            templatePath: collage.templatePath,
          },
        }),
      )
      .then([{ type: 'CartItemQuantityChanged', data: { lineId: 'l1', quantity: 3 } }]);
  });

  it('refuses an unknown SKU', () => {
    spec
      .given([])
      .when(add({ sku: 'NOPE', quantity: 1 }))
      .thenThrows(ValidationError, CART_MESSAGES.unknownSku('NOPE'));
  });

  it('refuses a collage SKU without customizationData', () => {
    spec
      .given([])
      .when(add({ sku: 'TEMPLATE18_COLLAGE_A4', quantity: 1 }))
      .thenThrows(ValidationError, CART_MESSAGES.collageNeedsCustomization);
  });

  it.each([0, -1, 1.5, 10_001])('refuses a quantity of %s', (quantity) => {
    spec
      .given([])
      .when(add({ quantity }))
      .thenThrows(ValidationError, /Quantity/);
  });

  it('refuses to grow a line past 10,000', () => {
    spec
      .given([added({ ...poster, quantity: 9_999 })])
      .when(add({ quantity: 2 }))
      .thenThrows(ValidationError, CART_MESSAGES.lineFull(9_999));
  });

  it(`given a cart of ${MAX_CART_LINES} lines, when a new item is added, then it is refused; more of one it holds still fits`, () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) =>
      added({ ...print, lineId: `p${i}`, croppedImageId: `c-${i}` }),
    );
    spec
      .given(full)
      .when(add({ quantity: 1, croppedImageId: 'c-new' }))
      .thenThrows(RuleBroken, CART_MESSAGES.cartFull);
    spec
      .given(full)
      .when(add({ sku: '4X6PHOTOPRINT', quantity: 1, croppedImageId: 'c-7', rawImageId: undefined }))
      .then([{ type: 'CartItemQuantityChanged', data: { lineId: 'p7', quantity: 2 } }]);
  });

  describe('with a request id (the event_id of the call)', () => {
    const asked = (lineId: string, requestId: string): CartEvent => ({
      type: 'CartItemAdded',
      data: { ...poster, lineId, requestId },
    });
    const retry = (requestId: string): CartCommand => ({
      type: 'AddItem',
      data: {
        lineId: 'again',
        sku: 'POSTERA4',
        croppedImageId: 'c1',
        rawImageId: 'r1',
        quantity: 2,
        at,
        requestId,
      },
    });

    it('given an add under a request, when the same request comes again, then nothing is written', () => {
      spec
        .given([asked('l1', 'r-1')])
        .when(retry('r-1'))
        .then([]);
    });

    it('given an add under a request, when another request adds the same poster, then the line grows', () => {
      spec
        .given([asked('l1', 'r-1')])
        .when(retry('r-2'))
        .then([{ type: 'CartItemQuantityChanged', data: { lineId: 'l1', quantity: 4, requestId: 'r-2' } }]);
    });

    it('given a request whose line was removed since, when it comes again, then it is refused', () => {
      spec
        .given([asked('l1', 'r-1'), { type: 'CartItemRemoved', data: { lineId: 'l1' } }])
        .when(retry('r-1'))
        .thenThrows(Conflict, CART_MESSAGES.addedAndRemoved);
    });

    it(`remembers the last ${REMEMBERED_REQUESTS} requests: an older one is an add again`, () => {
      const prints = Array.from({ length: REMEMBERED_REQUESTS }, (_, i) => asked(`p${i}`, `later-${i}`)).map(
        (event, i) => ({ ...event, data: { ...event.data, croppedImageId: `p${i}` } }) as CartEvent,
      );
      spec
        .given([asked('l1', 'r-1'), ...prints.slice(1)])
        .when(retry('r-1'))
        .then([]);
      spec
        .given([asked('l1', 'r-1'), ...prints])
        .when(retry('r-1'))
        .then([{ type: 'CartItemQuantityChanged', data: { lineId: 'l1', quantity: 4, requestId: 'r-1' } }]);
    });
  });

  it('refuses a line id that is already taken by another line', () => {
    spec
      .given([added(poster)])
      .when(add({ lineId: 'l1', quantity: 1, croppedImageId: 'c3' }))
      .thenThrows(Conflict);
  });
});

describe('changing and removing', () => {
  it('sets the quantity of a line', () => {
    spec
      .given([added(poster)])
      .when({ type: 'ChangeQuantity', data: { lineId: 'l1', quantity: 7 } })
      .then([{ type: 'CartItemQuantityChanged', data: { lineId: 'l1', quantity: 7 } }]);
  });

  it.each([0, -3])('removes the line for a quantity of %i', (quantity) => {
    spec
      .given([added(poster)])
      .when({ type: 'ChangeQuantity', data: { lineId: 'l1', quantity } })
      .then([{ type: 'CartItemRemoved', data: { lineId: 'l1' } }]);
  });

  it('writes nothing when the quantity is unchanged', () => {
    spec
      .given([added(poster)])
      .when({ type: 'ChangeQuantity', data: { lineId: 'l1', quantity: 2 } })
      .then([]);
  });

  it('refuses more than 10,000', () => {
    spec
      .given([added(poster)])
      .when({ type: 'ChangeQuantity', data: { lineId: 'l1', quantity: 10_001 } })
      .thenThrows(ValidationError, /at most 10,000/);
  });

  it('does not find a line that is not in this cart', () => {
    spec
      .given([added(poster)])
      .when({ type: 'ChangeQuantity', data: { lineId: 'elsewhere', quantity: 1 } })
      .thenThrows(NotFound, CART_MESSAGES.itemNotFound);
    spec
      .given([])
      .when({ type: 'RemoveItem', data: { lineId: 'l1' } })
      .thenThrows(NotFound, CART_MESSAGES.itemNotFound);
  });

  it('removes a line', () => {
    spec
      .given([added(poster), added(print)])
      .when({ type: 'RemoveItem', data: { lineId: 'l2' } })
      .then([{ type: 'CartItemRemoved', data: { lineId: 'l2' } }]);
  });
});

describe('loyalty redemption', () => {
  const redeem = (points: number, balance: number): CartCommand => ({
    type: 'SetLoyaltyRedemption',
    data: { points, balance },
  });

  it('sets points up to the balance', () => {
    spec
      .given([added(poster)])
      .when(redeem(800, 800))
      .then([{ type: 'LoyaltyRedemptionSet', data: { points: 800 } }]);
  });

  it('refuses more points than the balance', () => {
    spec
      .given([added(poster)])
      .when(redeem(801, 800))
      .thenThrows(RuleBroken, CART_MESSAGES.pointsOverBalance(800));
  });

  it('refuses fewer than the minimum', () => {
    spec
      .given([added(poster)])
      .when(redeem(499, 10_000))
      .thenThrows(RuleBroken, CART_MESSAGES.pointsBelowMinimum);
  });

  it('refuses on an empty cart', () => {
    spec.given([]).when(redeem(500, 10_000)).thenThrows(RuleBroken, CART_MESSAGES.emptyCart);
  });
});

describe('merging a guest cart', () => {
  const movedAway: CartEvent = {
    type: 'CartMergedAway',
    data: { intoCartId: 'u-1', moveId: 'm1', lines: [poster, print] },
  };

  it('given a guest cart with lines, when moved away, then all its lines go under one move and it is empty', () => {
    spec
      .given([added(poster), added(print)])
      .when({ type: 'MoveLinesAway', data: { intoCartId: 'u-1', moveId: 'm1' } })
      .then([movedAway]);
    const after = fold(cartDecider, [added(poster), added(print), movedAway]);
    expect(after.lines).toEqual([]);
  });

  it('given an empty guest cart, when moved away, then nothing is written', () => {
    spec
      .given([])
      .when({ type: 'MoveLinesAway', data: { intoCartId: 'u-1', moveId: 'm1' } })
      .then([]);
  });

  it('given the same poster in the user cart, when the move is merged, then quantities add and new lines keep their id', () => {
    const mine = { ...poster, lineId: 'u1', quantity: 4 };
    spec
      .given([added(mine)])
      .when({
        type: 'MergeGuestMoves',
        data: { fromCartId: 'g-x', moves: [{ moveId: 'm1', lines: [poster, print] }] },
      })
      .then([
        {
          type: 'GuestCartMerged',
          data: { fromCartId: 'g-x', moveId: 'm1', lines: [{ ...mine, quantity: 6 }, print] },
        },
      ]);
  });

  it('given a move already merged, when merged again, then nothing is written', () => {
    const merged: CartEvent = {
      type: 'GuestCartMerged',
      data: { fromCartId: 'g-x', moveId: 'm1', lines: [poster] },
    };
    spec
      .given([merged])
      .when({
        type: 'MergeGuestMoves',
        data: { fromCartId: 'g-x', moves: [{ moveId: 'm1', lines: [poster] }] },
      })
      .then([]);
  });

  it('given a line id already used by another line, when merged, then the guest line gets a new id', () => {
    const other = { ...print, lineId: 'l1' };
    spec
      .given([added(other)])
      .when({
        type: 'MergeGuestMoves',
        data: { fromCartId: 'g-x', moves: [{ moveId: 'm1', lines: [poster] }] },
      })
      .then([
        {
          type: 'GuestCartMerged',
          data: { fromCartId: 'g-x', moveId: 'm1', lines: [{ ...poster, lineId: 'l1-m1' }] },
        },
      ]);
  });

  it(`given a user cart of ${MAX_CART_LINES} lines, when a guest cart is merged, then its lines still come along`, () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) =>
      added({ ...print, lineId: `p${i}`, croppedImageId: `c-${i}` }),
    );
    spec
      .given(full)
      .when({
        type: 'MergeGuestMoves',
        data: { fromCartId: 'g-x', moves: [{ moveId: 'm1', lines: [poster] }] },
      })
      .then([{ type: 'GuestCartMerged', data: { fromCartId: 'g-x', moveId: 'm1', lines: [poster] } }]);
  });

  it('caps a merged line at 10,000', () => {
    const mine = { ...poster, lineId: 'u1', quantity: 9_000 };
    const event = cartDecider.decide(
      {
        type: 'MergeGuestMoves',
        data: { fromCartId: 'g-x', moves: [{ moveId: 'm1', lines: [{ ...poster, quantity: 5_000 }] }] },
      },
      fold(cartDecider, [added(mine)]),
    );
    expect(event).toEqual([
      {
        type: 'GuestCartMerged',
        data: { fromCartId: 'g-x', moveId: 'm1', lines: [{ ...mine, quantity: 10_000 }] },
      },
    ]);
  });
});

describe('the guest code on a merge', () => {
  const applied = (code: string): CartEvent => ({ type: 'PromotionCodeApplied', data: { code } });
  const move = (promotionCode?: string) => ({
    fromCartId: 'g-x',
    moves: [{ moveId: 'm1', lines: [print], ...(promotionCode && { promotionCode }) }],
  });

  it('given a guest cart with a code, when moved away, then the code moves with the lines and leaves the guest cart', () => {
    const moved: CartEvent = {
      type: 'CartMergedAway',
      data: { intoCartId: 'u-1', moveId: 'm1', lines: [print], promotionCode: 'SPRING10' },
    };
    spec
      .given([added(print), applied('SPRING10')])
      .when({ type: 'MoveLinesAway', data: { intoCartId: 'u-1', moveId: 'm1' } })
      .then([moved]);
    expect(fold(cartDecider, [added(print), applied('SPRING10'), moved]).promotionCode).toBeUndefined();
  });

  it('given a user cart without a code, when a move with the guest code is merged, then the user cart has that code', () => {
    const events = [
      cartDecider.decide({ type: 'MergeGuestMoves', data: move('SPRING10') }, fold(cartDecider, [])),
    ].flat();
    expect(events).toEqual([
      {
        type: 'GuestCartMerged',
        data: { fromCartId: 'g-x', moveId: 'm1', lines: [print], promotionCode: 'SPRING10' },
      },
    ]);
    expect(fold(cartDecider, events).promotionCode).toBe('SPRING10');
  });

  it('given a user cart with its own code, when a move with another code is merged, then the account keeps its own', () => {
    const given = [applied('MINE20')];
    const events = [
      cartDecider.decide({ type: 'MergeGuestMoves', data: move('SPRING10') }, fold(cartDecider, given)),
    ].flat();
    expect(events).toEqual([
      { type: 'GuestCartMerged', data: { fromCartId: 'g-x', moveId: 'm1', lines: [print] } },
    ]);
    expect(fold(cartDecider, [...given, ...events]).promotionCode).toBe('MINE20');
  });
});

describe('emptying after payment', () => {
  const ordered = [{ lineId: poster.lineId, quantity: poster.quantity }];
  it('empties once per order', () => {
    const emptied: CartEvent = {
      type: 'CartEmptied',
      data: { reason: 'checkout', orderId: 'o1', lines: ordered },
    };
    spec
      .given([added(poster)])
      .when({ type: 'EmptyCart', data: { orderId: 'o1', lines: ordered } })
      .then([emptied]);
    spec
      .given([added(poster), emptied])
      .when({ type: 'EmptyCart', data: { orderId: 'o1', lines: ordered } })
      .then([]);
    const after = fold(cartDecider, [
      added(poster),
      { type: 'LoyaltyRedemptionSet', data: { points: 600 } },
      emptied,
    ]);
    expect(after).toMatchObject({ lines: [], loyaltyPoints: 0 });
  });

  it('given a line added and another grown while the payment was open, when the order empties the cart, then only what it ordered goes', () => {
    const after = fold(cartDecider, [
      added(poster),
      added(print),
      { type: 'CartItemQuantityChanged', data: { lineId: poster.lineId, quantity: 5 } },
      { type: 'CartEmptied', data: { reason: 'checkout', orderId: 'o1', lines: ordered } },
    ]);
    expect(after.lines).toEqual(
      [print, { ...poster, quantity: 3 }].sort((a, b) => (a.lineId < b.lineId ? -1 : 1)),
    );
  });
});
