// The image commands of API.md "Images": POST /api/images (rawImage + croppedImage, optional crop
// and sku), POST /api/images/single (image) and DELETE /api/images/:id. Files go to temp files
// first, are judged and decoded, then stored; only then is ImageUploaded appended, one stream per
// image. An image belongs to the signed-in user, or else to the guest session, that uploaded it.
import Router from '@koa/router';
import type { Context } from 'koa';
import { imageUploadFieldsSchema } from '@printshop/shared-events/api/images';
import type { AuthContextState } from '@printshop/shared-events/auth';
import { NotFound, ValidationError } from '@printshop/shared-events/errors';
import type { EventMetadata, EventStore } from '@printshop/shared-events/event-store';
import { imageStreamName, type ImageOwner, type ImageRole } from '@printshop/shared-events/events/image';
import { allImageKeys, type ImageStore } from '@printshop/shared-events/image-store';
import { isValidCropArea, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@printshop/shared-events/rules/uploads';
import { handleCommand } from '../handle-command';
import { answerWithPosition } from '../http';
import { imageDecider } from './decide';
import { canDeleteImage, loadImage, type ImageCaller } from './image';
import { IMAGE_MESSAGES } from './messages';
import { keepUpload, prepareUpload, removeImageFiles, type PreparedUpload } from './prepare-upload';
import { assessUpload, printSizeOf } from './print-assessment';
import { receiveUpload, RequestTooLarge, type ReceivedUpload } from './receive-upload';

export interface ImageUploadRouterDeps {
  store: EventStore;
  images: ImageStore;
  now(): Date;
  /** uuid v4: image ids are the only key to a guest's photo, so they must not be guessable. */
  newId(): string;
  /** Where uploads are streamed before they are judged (on disk, not tmpfs). */
  tempDir: string;
}

/** What the gateway puts on ctx.state: the bearer's account and the guest session (cart_session). */
export interface ImageCallerState extends AuthContextState {
  guestSession(): string;
}

export function callerOf(state: ImageCallerState): ImageCaller {
  return { userId: state.auth?.userId, isAdmin: state.auth?.isAdmin, guestSession: state.guestSession() };
}

const ownerOf = (state: ImageCallerState): ImageOwner =>
  state.auth ? { userId: state.auth.userId } : { guestSession: state.guestSession() };

const actorOf = (owner: ImageOwner): string =>
  'userId' in owner ? owner.userId : `guest:${owner.guestSession}`;

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

  /** Reads the multipart body, runs `handle`, and always removes the temp files. */
  async function withUpload(ctx: Context, fileFields: string[], handle: (upload: ReceivedUpload) => Promise<void>) {
    let upload: ReceivedUpload;
    try {
      upload = await receiveUpload(ctx.req, { fileFields, maxFileBytes: MAX_UPLOAD_BYTES, tempDir: deps.tempDir });
    } catch (error) {
      if (error instanceof RequestTooLarge) ctx.set('Connection', 'close');
      throw error;
    }
    try {
      await handle(upload);
    } finally {
      await upload.discard();
    }
  }

  /** Stores the files, then appends one ImageUploaded per image; answers with the last position. */
  async function record(
    ctx: Context,
    images: Recorded[],
    extra: { crop?: { x: number; y: number; width: number; height: number }; sku?: string; print?: ReturnType<typeof assessUpload> },
  ): Promise<number | undefined> {
    const owner = ownerOf(ctx.state as ImageCallerState);
    const uploadedAt = deps.now().toISOString();
    const metadata: EventMetadata = {
      actor: actorOf(owner),
      correlationId: ctx.state.requestId as string | undefined,
      at: uploadedAt,
    };
    const kept: string[] = [];
    let position: number | undefined;
    try {
      for (const { prepared, imageId } of images) {
        kept.push(imageId);
        await keepUpload(prepared, imageId, deps.images);
      }
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
      }
    } catch (error) {
      // No event, no file: what was stored for this request goes (an event already appended for the
      // first image of a pair stays, with its files, so the log never points at nothing).
      const recorded = position === undefined ? kept : kept.slice(1);
      await Promise.all(recorded.map((imageId) => removeImageFiles(deps.images, allImageKeys(imageId))));
      throw error;
    }
    return position;
  }

  router.post('/api/images/single', async (ctx) => {
    await withUpload(ctx, ['image'], async (upload) => {
      const prepared = await prepareUpload(required(upload, 'image'));
      const imageId = deps.newId();
      const position = await record(ctx, [{ prepared, imageId, role: 'single' }], {});
      answerWithPosition(
        ctx,
        201,
        { message: IMAGE_MESSAGES.uploaded, image: { id: imageId, width: prepared.width, height: prepared.height } },
        position,
      );
    });
  });

  router.post('/api/images', async (ctx) => {
    await withUpload(ctx, ['rawImage', 'croppedImage'], async (upload) => {
      // The cheap checks first: no decoding for a request that is wrong anyway.
      const { crop, sku } = imageUploadFieldsSchema.parse(Object.fromEntries(upload.fields));
      const printSize = sku === undefined ? undefined : printSizeOf(sku);
      if (sku !== undefined && !printSize) {
        throw new ValidationError(IMAGE_MESSAGES.unknownSku, { sku: IMAGE_MESSAGES.unknownSku });
      }
      const rawFile = required(upload, 'rawImage');
      const croppedFile = required(upload, 'croppedImage');
      const raw = await prepareUpload(rawFile);
      const cropped = await prepareUpload(croppedFile);
      if (crop && !isValidCropArea(crop, raw)) {
        throw new ValidationError(UPLOAD_MESSAGES.invalidCropArea, { crop: UPLOAD_MESSAGES.invalidCropArea });
      }
      const print = printSize ? assessUpload(printSize, crop, cropped) : undefined;
      const rawId = deps.newId();
      const croppedId = deps.newId();
      const position = await record(
        ctx,
        [
          { prepared: raw, imageId: rawId, role: 'raw' },
          { prepared: cropped, imageId: croppedId, role: 'cropped' },
        ],
        { crop, sku: sku?.toUpperCase(), print },
      );
      answerWithPosition(
        ctx,
        201,
        {
          message: IMAGE_MESSAGES.imagesUploaded,
          rawImage: { id: rawId, width: raw.width, height: raw.height },
          croppedImage: { id: croppedId, width: cropped.width, height: cropped.height },
          ...(print ? { print } : {}),
        },
        position,
      );
    });
  });

  router.delete('/api/images/:id', async (ctx) => {
    const imageId = ctx.params.id!;
    const caller = callerOf(ctx.state as ImageCallerState);
    // Someone else's image is answered exactly like an unknown one.
    if (!canDeleteImage(await loadImage(deps.store, imageId), caller)) throw new NotFound(IMAGE_MESSAGES.notFound);
    const at = deps.now().toISOString();
    const result = await handleCommand(
      deps.store,
      imageStreamName(imageId),
      imageDecider,
      { type: 'DeleteImage', data: { imageId, at } },
      {
        metadata: {
          actor: caller.userId ?? `guest:${caller.guestSession}`,
          correlationId: ctx.state.requestId as string | undefined,
          at,
        },
      },
    );
    await removeImageFiles(deps.images, allImageKeys(imageId));
    answerWithPosition(ctx, 200, {}, result.position);
  });

  return router;
}
