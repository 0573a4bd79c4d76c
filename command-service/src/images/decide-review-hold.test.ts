// A review's hold on its photos, as given events / when command / then events or error.
import { describe, it } from 'vitest';
import { Conflict, NotFound } from '@printshop/shared-events/errors';
import type { ImageEvent } from '@printshop/shared-events/events/image';
import { deciderSpec } from '@printshop/shared-events/testing/decider-spec';
import { imageDecider } from './decide';

const spec = deciderSpec(imageDecider);
const at = '2025-03-01T10:00:00.000Z';
const imageId = '0d7f6a52-1f7c-4d0e-a0e4-3f4f8d1c2b3a';
const reviewId = '7b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

const uploaded: ImageEvent = {
  type: 'ImageUploaded',
  data: {
    imageId,
    owner: { userId: 'u-1' },
    role: 'single',
    contentHash: 'a'.repeat(64),
    bytes: 1234,
    width: 800,
    height: 600,
    format: 'jpeg',
    uploadedAt: at,
  },
};
const held: ImageEvent = { type: 'ImageHeldForReview', data: { imageId, reviewId, at } };

describe('a review holds its photos', () => {
  it('holds an active photo once; holding it again for the same review records nothing', () => {
    spec.given([uploaded]).when({ type: 'HoldForReview', data: { imageId, reviewId, at } }).then([held]);
    spec.given([uploaded, held]).when({ type: 'HoldForReview', data: { imageId, reviewId, at } }).then([]);
  });

  it('refuses to hold a deleted photo (the review is not written)', () => {
    spec
      .given([uploaded, { type: 'ImageDeleted', data: { imageId, at } }])
      .when({ type: 'HoldForReview', data: { imageId, reviewId, at } })
      .thenThrows(NotFound);
  });

  it('refuses the delete while the review shows it, and deletes once the review has let it go', () => {
    spec.given([uploaded, held]).when({ type: 'DeleteImage', data: { imageId, at } }).thenThrows(Conflict);
    spec
      .given([uploaded, held])
      .when({ type: 'DeleteImage', data: { imageId, at, released: [] } })
      .thenThrows(Conflict);
    spec
      .given([uploaded, held])
      .when({ type: 'DeleteImage', data: { imageId, at, released: [reviewId] } })
      .then([{ type: 'ImageDeleted', data: { imageId, at } }]);
  });
});
