// The image's rules as given events / when command / then events or error, and who may use it.
import { describe, expect, it } from 'vitest';
import { fold } from '@printshop/shared-events/decider';
import { Conflict, NotFound } from '@printshop/shared-events/errors';
import type { ImageEvent } from '@printshop/shared-events/events/image';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { imageDecider } from './decide';
import { canDeleteImage, canUseImage } from './image';

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
