// The image's rules as given events / when command / then events or error, and who may use it.
import { describe, expect, it } from 'vitest';
import { fold } from '@printshop/shared-events/decider';
import { Conflict, NotFound } from '@printshop/shared-events/errors';
import { canDeleteImage, canUseImage, type ImageEvent } from '@printshop/shared-events/events/image';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { imageDecider } from './decide';
import { IMAGE_MESSAGES } from '@printshop/shared-events/api/images';

const spec = deciderSpec(imageDecider);
const at = '2025-03-01T10:00:00.000Z';
const imageId = '0d7f6a52-1f7c-4d0e-a0e4-3f4f8d1c2b3a';

const uploadedData = (owner: { userId: string } | { guestSession: string }) => ({
  imageId,
  owner,
  role: 'single' as const,
  contentHash: 'a'.repeat(64),
  bytes: 1234,
  width: 800,
  height: 600,
  format: 'jpeg' as const,
  uploadedAt: at,
});
const uploaded = (
  owner: { userId: string } | { guestSession: string } = { guestSession: 'g-1' },
): ImageEvent => ({
  type: 'ImageUploaded',
  data: uploadedData(owner),
});
const deleted: ImageEvent = { type: 'ImageDeleted', data: { imageId, at } };
const expired: ImageEvent = { type: 'ImageExpired', data: { imageId, retentionDays: 30, at } };

describe('image decider', () => {
  it('records an upload under a new id', () => {
    spec
      .given([])
      .when({ type: 'RecordUpload', data: uploadedData({ guestSession: 'g-1' }) })
      .then([uploaded()]);
  });

  it('refuses a second upload under the same id', () => {
    spec
      .given([uploaded()])
      .when({ type: 'RecordUpload', data: uploadedData({ guestSession: 'g-1' }) })
      .thenThrows(Conflict);
  });

  it('deletes an image once; unknown or deleted images are not found', () => {
    spec.given([uploaded()]).when({ type: 'DeleteImage', data: { imageId, at } }).then([deleted]);
    spec
      .given([uploaded(), deleted])
      .when({ type: 'DeleteImage', data: { imageId, at } })
      .thenThrows(NotFound);
    spec.given([]).when({ type: 'DeleteImage', data: { imageId, at } }).thenThrows(NotFound);
  });

  it('expires an active original once and never a deleted one', () => {
    const expire = { type: 'ExpireOriginal' as const, data: { imageId, retentionDays: 30, at } };
    spec.given([uploaded()]).when(expire).then([expired]);
    spec.given([uploaded(), expired]).when(expire).then([]);
    spec.given([uploaded(), deleted]).when(expire).then([]);
  });
});

describe('image holds (orders and checkouts keep their photos)', () => {
  const later = '2025-03-02T10:00:00.000Z';
  const muchLater = '2030-01-01T00:00:00.000Z';
  const heldForOrder: ImageEvent = { type: 'ImageHeldForOrder', data: { imageId, orderId: 'o-1', at } };
  const heldForCheckout: ImageEvent = {
    type: 'ImageHeldForCheckout',
    data: { imageId, checkoutId: 'c-1', until: later, at },
  };

  it('given an order holds the image, when its owner deletes it, then 409 with the order message, at any time', () => {
    spec
      .given([uploaded(), heldForOrder])
      .when({ type: 'DeleteImage', data: { imageId, at: muchLater } })
      .thenThrows(Conflict, IMAGE_MESSAGES.inOrder);
  });

  it('given a checkout holds the image, when deleted before the hold ends, then 409; after it ends, then deleted', () => {
    spec
      .given([uploaded(), heldForCheckout])
      .when({ type: 'DeleteImage', data: { imageId, at } })
      .thenThrows(Conflict, IMAGE_MESSAGES.inCheckout);
    spec
      .given([uploaded(), heldForCheckout])
      .when({ type: 'DeleteImage', data: { imageId, at: muchLater } })
      .then([{ type: 'ImageDeleted', data: { imageId, at: muchLater } }]);
  });

  it('given a hold, when retention runs however late, then the original is not expired', () => {
    const expire = (when: string) => ({
      type: 'ExpireOriginal' as const,
      data: { imageId, retentionDays: 30, at: when },
    });
    spec.given([uploaded(), heldForOrder]).when(expire(muchLater)).then([]);
    spec.given([uploaded(), heldForCheckout]).when(expire(at)).then([]);
    spec
      .given([uploaded(), heldForCheckout])
      .when(expire(muchLater))
      .then([{ type: 'ImageExpired', data: { imageId, retentionDays: 30, at: muchLater } }]);
  });

  it('given a deleted image, when a checkout would hold it, then 409 before any payment', () => {
    spec
      .given([uploaded(), deleted])
      .when({ type: 'HoldForCheckout', data: { imageId, checkoutId: 'c-1', until: later, at } })
      .thenThrows(Conflict, IMAGE_MESSAGES.goneFromCart);
    spec
      .given([uploaded(), expired])
      .when({ type: 'HoldForCheckout', data: { imageId, checkoutId: 'c-1', until: later, at } })
      .then([heldForCheckout]);
  });

  it('holds for an order once; a deleted image records nothing (the paid order is placed anyway)', () => {
    const hold = { type: 'HoldForOrder' as const, data: { imageId, orderId: 'o-1', at } };
    spec.given([uploaded()]).when(hold).then([heldForOrder]);
    spec.given([uploaded(), heldForOrder]).when(hold).then([]);
    spec.given([uploaded(), deleted]).when(hold).then([]);
  });
});

describe('who may use and delete an image', () => {
  const state = (events: ImageEvent[]) => fold(imageDecider, events);

  it("is the guest session's or the user's that uploaded it", () => {
    expect(canUseImage(state([uploaded({ guestSession: 'g-1' })]), { guestSession: 'g-1' })).toBe(true);
    expect(canUseImage(state([uploaded({ guestSession: 'g-1' })]), { guestSession: 'g-2' })).toBe(false);
    // A signed-in browser still carries the guest cookie it uploaded with.
    expect(
      canUseImage(state([uploaded({ guestSession: 'g-1' })]), { userId: 'u-1', guestSession: 'g-1' }),
    ).toBe(true);
    expect(canUseImage(state([uploaded({ userId: 'u-1' })]), { userId: 'u-1', guestSession: 'g-9' })).toBe(
      true,
    );
    expect(canUseImage(state([uploaded({ userId: 'u-1' })]), { userId: 'u-2', guestSession: 'g-1' })).toBe(
      false,
    );
    expect(canUseImage(state([uploaded({ userId: 'u-1' })]), { guestSession: 'u-1' })).toBe(false);
  });

  it('is nobody once deleted or expired; an admin may delete any', () => {
    expect(canUseImage(state([uploaded(), deleted]), { guestSession: 'g-1' })).toBe(false);
    expect(canUseImage(state([uploaded(), expired]), { guestSession: 'g-1' })).toBe(false);
    expect(canUseImage(state([]), { guestSession: 'g-1' })).toBe(false);
    expect(canDeleteImage(state([uploaded()]), { userId: 'admin', isAdmin: true })).toBe(true);
    expect(canDeleteImage(state([uploaded()]), { userId: 'someone', guestSession: 'g-2' })).toBe(false);
    expect(canDeleteImage(state([uploaded(), deleted]), { userId: 'admin', isAdmin: true })).toBe(false);
  });
});
