// The image commands of API.md "Images": POST /api/images (rawImage + croppedImage, optional crop
// and sku), POST /api/images/single (image) and DELETE /api/images/:id. Files go to temp files
// first, are judged and decoded, then stored; only then is ImageUploaded appended, one stream per
// image. An image belongs to the signed-in user, or else to the guest session, that uploaded it.
import Router from '@koa/router';
import type { Context } from 'koa';
import { IMAGE_MESSAGES, imageUploadFieldsSchema } from '@printshop/shared-events/api/images';
import { guestSessionOf, type CartCallerState } from '@printshop/shared-events/cart-owner';
import { NotFound, TooManyRequests, ValidationError } from '@printshop/shared-events/errors';
import type { EventStore } from '@printshop/shared-events/event-store';
import {
  canDeleteImage,
  IMAGE_ID_PATTERN,
  type ImageOwner,
  type ImageRole,
  imageStreamName,
  loadImage,
  type PrintAssessment,
  type UploadedImage,
} from '@printshop/shared-events/events/image';
import { allImageKeys, type ImageStore } from '@printshop/shared-events/image-store';
import { assessUpload, photoPrintSizeOf } from '@printshop/shared-events/rules/print-quality';
import {
  isValidCropArea,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  type CropArea,
} from '@printshop/shared-events/rules/uploads';
import { actorOf, answerWithPosition, callerOf, metadataOf } from '../caller';
import {
  evolveReview,
  initialReviewState,
  reviewStreamName,
  type ReviewEvent,
} from '@printshop/shared-events/events/review';
import { handleCommand } from '../handle-command';
import { imageDecider } from './decide';
import {
  prepareAndKeep,
  receiveUpload,
  removeImageFiles,
  RequestTooLarge,
  type PreparedUpload,
  type ReceivedUpload,
} from './receive-upload';

// How much one uploader may upload, as this router sees it; infra/src/images/upload-quotas.ts
// keeps the counters in Postgres so every gateway shares them. Both throw TooManyRequests when over.
export interface Uploader {
  /** The user id, or `guest:<session>`. */
  owner: string;
  ip: string;
}

export interface UploadQuotas {
  /** Counts an upload (before it is decoded); refused when the uploader or the IP goes over a quota. */
  count(uploader: Uploader, upload: { files: number; bytes: number }): Promise<void>;
}

export interface ImageUploadRouterDeps {
  store: EventStore;
  images: ImageStore;
  now(): Date;
  /** uuid v4: image ids are the only key to a guest's photo, so they must not be guessable. */
  newId(): string;
  /** Where uploads are streamed before they are judged (on disk, not tmpfs). */
  tempDir: string;
  /** Files and bytes an uploader and an IP may send per hour. */
  quotas: UploadQuotas;
}

/** An image belongs to the signed-in user, else to the guest session (cart_session). */
const ownerOf = (ctx: Context): ImageOwner => {
  const state = ctx.state as CartCallerState;
  return state.auth ? { userId: state.auth.userId } : { guestSession: guestSessionOf(state) };
};

const required = (upload: ReceivedUpload, field: string) => {
  const file = upload.files.get(field);
  if (!file) throw new ValidationError(IMAGE_MESSAGES.fileRequired, { [field]: IMAGE_MESSAGES.fileRequired });
  return file;
};

interface Recorded {
  prepared: PreparedUpload;
  imageId: string;
  role: ImageRole;
}

export function imageUploadRouter(deps: ImageUploadRouterDeps): Router {
  const router = new Router();

  /**
   * Reads the multipart body within the uploader's quotas, runs `handle`, and always removes the
   * temp files. The upload is counted before it is read (one round trip: its files and declared
   * length), so a refused one costs neither reading nor decoding; a body without Content-Length
   * has its bytes counted once received, still before decoding.
   */
  async function withUpload(
    ctx: Context,
    fileFields: string[],
    handle: (upload: ReceivedUpload) => Promise<void>,
  ) {
    const uploader: Uploader = { owner: actorOf(ctx), ip: ctx.ip };
    const declaredBytes = Number(ctx.get('content-length')) || undefined;
    let upload: ReceivedUpload;
    try {
      await deps.quotas.count(uploader, { files: fileFields.length, bytes: declaredBytes ?? 0 });
      upload = await receiveUpload(ctx.req, {
        fileFields,
        maxFileBytes: MAX_UPLOAD_BYTES,
        tempDir: deps.tempDir,
      });
    } catch (error) {
      // Refused before the body was read: drop it (a client still sending does not read the answer).
      if (error instanceof TooManyRequests) await dropBody(ctx);
      if (error instanceof RequestTooLarge) lingerThenClose(ctx);
      throw error;
    }
    try {
      if (declaredBytes === undefined) {
        const bytes = [...upload.files.values()].reduce((sum, file) => sum + file.bytes, 0);
        await deps.quotas.count(uploader, { files: 0, bytes });
      }
      await handle(upload);
    } finally {
      await upload.discard();
    }
  }

  /** Appends one ImageUploaded per stored image; answers with the last position. */
  async function record(
    ctx: Context,
    images: Recorded[],
    extra: { crop?: CropArea; sku?: string; print?: PrintAssessment },
  ): Promise<number | undefined> {
    const owner = ownerOf(ctx);
    const uploadedAt = deps.now().toISOString();
    const metadata = metadataOf(ctx, uploadedAt);
    let position: number | undefined;
    let recorded = 0;
    try {
      for (const { prepared, imageId, role } of images) {
        const paired = images.find((other) => other.imageId !== imageId);
        const result = await handleCommand(
          deps.store,
          imageStreamName(imageId),
          imageDecider,
          {
            type: 'RecordUpload',
            data: {
              imageId,
              owner,
              role,
              contentHash: prepared.file.sha256,
              bytes: prepared.file.bytes,
              width: prepared.width,
              height: prepared.height,
              format: prepared.kind,
              ...extra,
              pairedImageId: paired?.imageId,
              uploadedAt,
            },
          },
          { metadata, expectedRevision: 'no_stream' },
        );
        position = result.position;
        recorded++;
      }
    } catch (error) {
      // Files without an event go; an image already recorded keeps its files, so the log never
      // points at nothing.
      await forget(images.slice(recorded).map(({ imageId }) => imageId));
      throw error;
    }
    return position;
  }

  const forget = (imageIds: string[]) =>
    Promise.all(imageIds.map((imageId) => removeImageFiles(deps.images, allImageKeys(imageId))));

  router.post('/api/images/single', async (ctx) => {
    await withUpload(ctx, ['image'], async (upload) => {
      const imageId = deps.newId();
      const prepared = await prepareAndKeep(required(upload, 'image'), imageId, deps.images);
      const position = await record(ctx, [{ prepared, imageId, role: 'single' }], {});
      answerWithPosition(
        ctx,
        201,
        {
          message: IMAGE_MESSAGES.uploaded,
          image: { id: imageId, width: prepared.width, height: prepared.height },
        },
        position,
      );
    });
  });

  router.post('/api/images', async (ctx) => {
    await withUpload(ctx, ['rawImage', 'croppedImage'], async (upload) => {
      // The cheap checks first: no decoding for a request that is wrong anyway.
      const { crop, sku } = imageUploadFieldsSchema.parse(Object.fromEntries(upload.fields));
      const printSize = sku === undefined ? undefined : photoPrintSizeOf(sku);
      if (sku !== undefined && !printSize) {
        throw new ValidationError(IMAGE_MESSAGES.unknownSku, { sku: IMAGE_MESSAGES.unknownSku });
      }
      const rawFile = required(upload, 'rawImage');
      const croppedFile = required(upload, 'croppedImage');
      const rawId = deps.newId();
      const croppedId = deps.newId();
      // Both at once (one core each); if either is refused, neither stays.
      const [raw, cropped] = await Promise.allSettled([
        prepareAndKeep(rawFile, rawId, deps.images),
        prepareAndKeep(croppedFile, croppedId, deps.images),
      ]);
      if (raw.status === 'rejected' || cropped.status === 'rejected') {
        await forget([rawId, croppedId]);
        throw raw.status === 'rejected' ? raw.reason : (cropped as PromiseRejectedResult).reason;
      }
      if (crop && !isValidCropArea(crop, raw.value)) {
        await forget([rawId, croppedId]);
        throw new ValidationError(UPLOAD_MESSAGES.invalidCropArea, { crop: UPLOAD_MESSAGES.invalidCropArea });
      }
      const print = printSize ? assessUpload(printSize, crop, cropped.value) : undefined;
      const position = await record(
        ctx,
        [
          { prepared: raw.value, imageId: rawId, role: 'raw' },
          { prepared: cropped.value, imageId: croppedId, role: 'cropped' },
        ],
        { crop, sku: sku?.toUpperCase(), print },
      );
      answerWithPosition(
        ctx,
        201,
        {
          message: IMAGE_MESSAGES.imagesUploaded,
          rawImage: { id: rawId, width: raw.value.width, height: raw.value.height },
          croppedImage: { id: croppedId, width: cropped.value.width, height: cropped.value.height },
          ...(print ? { print } : {}),
        },
        position,
      );
    });
  });

  router.delete('/api/images/:id', async (ctx) => {
    const imageId = ctx.params.id!;
    const caller = callerOf(ctx);
    // Someone else's image is answered exactly like an unknown one.
    const image = IMAGE_ID_PATTERN.test(imageId) ? await loadImage(deps.store, imageId) : undefined;
    if (!canDeleteImage(image, caller)) throw new NotFound(IMAGE_MESSAGES.notFound);
    const released = await reviewsReleasing(deps.store, image);
    const at = deps.now().toISOString();
    const result = await handleCommand(
      deps.store,
      imageStreamName(imageId),
      imageDecider,
      { type: 'DeleteImage', data: { imageId, at, released } },
      { metadata: metadataOf(ctx, at) },
    );
    await removeImageFiles(deps.images, allImageKeys(imageId));
    answerWithPosition(ctx, 200, {}, result.position);
  });

  return router;
}

/** How long and how much of a connection far over the limits is still read (and dropped). */
const LINGER_MS = 2000;
const LINGER_BYTES = 16 * 1024 * 1024;

/** Reads and drops a refused body of ordinary size; one far larger is left to lingerThenClose. */
async function dropBody(ctx: Context): Promise<void> {
  const req = ctx.req;
  await new Promise<void>((resolve) => {
    let dropped = 0;
    const done = () => {
      req.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) done();
    };
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
  });
  if (!req.complete) lingerThenClose(ctx);
}

/**
 * Answers first, then keeps reading and dropping what the client still sends for a moment before
 * cutting the connection. Closing a socket with unread data makes the kernel send a reset, which
 * can destroy the answer before the client has read it (nginx's "lingering close"). At most
 * LINGER_BYTES are read in all, counted from the refusal, not from the answer: an answer slow to
 * go out (a loaded machine) must not let the client stream on unread-and-unbounded meanwhile.
 * Past that the request is paused (the client's sending stalls on TCP) until the cut.
 */
function lingerThenClose(ctx: Context): void {
  const { req } = ctx;
  const socket = req.socket;
  let dropped = 0;
  let answered = false;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped <= LINGER_BYTES) return;
    // Enough is enough: cut now if the answer is out, else stop reading until it is.
    if (answered) socket.destroy();
    else req.pause();
  });
  req.resume();
  ctx.res.once('finish', () => {
    answered = true;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once('close', () => clearTimeout(timer));
  });
}

/**
 * The reviews holding this image that no longer show it: deleted, never submitted (the submission
 * was refused after the hold) or submitted without it. The others keep it from deletion.
 */
export async function reviewsReleasing(store: EventStore, image: UploadedImage): Promise<string[]> {
  const released = await Promise.all(
    image.reviews.map(async (reviewId) => {
      const events = await store.readStream<ReviewEvent>(reviewStreamName(reviewId));
      const state = events.reduce(evolveReview, initialReviewState());
      const shows =
        state.status !== 'none' &&
        state.status !== 'deleted' &&
        (state.review.imageIds ?? []).includes(image.imageId);
      return shows ? undefined : reviewId;
    }),
  );
  return released.filter((reviewId): reviewId is string => reviewId !== undefined);
}
