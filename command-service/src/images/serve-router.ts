// GET /images/:id and GET /api/images/:id?w= : the upright, metadata-free JPEG of an image, or a
// copy `w` wide rounded up to one of SIZED_WIDTHS. It lives beside the uploads rather than in the
// query service because it reads no read model: it streams files and makes (once) the copies the
// upload pipeline would make, with the same decoder. Ids never change content, so answers are
// cached for good. A copy on file is streamed without touching the event log; a miss checks the
// image's stream first, so a deleted image is never made again.
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { IMAGE_MESSAGES, imageQuerySchema } from '@printshop/shared-events/api/images';
import { NotFound } from '@printshop/shared-events/errors';
import type { EventStore } from '@printshop/shared-events/event-store';
import { imageKeys, SIZED_WIDTHS, type ImageStore } from '@printshop/shared-events/image-store';
import { createImageDerivatives } from './derivatives';
import { IMAGE_ID_PATTERN, loadImage } from '@printshop/shared-events/events/image';

export interface ImageServeRouterDeps {
  store: EventStore;
  images: ImageStore;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The stored width a requested width is answered with: the next step up (the largest at most). */
export const sizedWidthFor = (requested: number): number =>
  SIZED_WIDTHS.find((width) => width >= requested) ?? SIZED_WIDTHS[SIZED_WIDTHS.length - 1]!;

export function imageServeRouter(deps: ImageServeRouterDeps): Router {
  const router = new Router();
  const derivatives = createImageDerivatives(deps.images);

  async function keyToServe(imageId: string, width: number | undefined): Promise<string | undefined> {
    const key = width === undefined ? imageKeys.served(imageId) : imageKeys.sized(imageId, width);
    if (await deps.images.exists(key)) return key;
    const image = await loadImage(deps.store, imageId);
    if (!image || image.status === 'deleted') return undefined;
    if (width === undefined) return (await derivatives.ensureServed(imageId)) ? key : undefined;
    return derivatives.ensureSized(image, width);
  }

  async function serve(ctx: Context, next: Next, width: number | undefined) {
    const imageId = ctx.params.id!;
    // Anything not shaped like an image id is not ours (a file of the frontend under /images/).
    if (!IMAGE_ID_PATTERN.test(imageId)) return next();
    const key = await keyToServe(imageId, width);
    const object = key && (await deps.images.get(key));
    if (!object) throw new NotFound(IMAGE_MESSAGES.notFound);
    ctx.status = 200;
    ctx.set('Cache-Control', IMMUTABLE);
    ctx.etag = `${imageId}-${width ?? 'full'}`;
    ctx.type = 'image/jpeg';
    if (ctx.fresh) {
      object.stream.destroy();
      ctx.status = 304;
      return;
    }
    ctx.length = object.size;
    ctx.body = object.stream;
  }

  router.get('/images/:id', (ctx, next) => serve(ctx, next, undefined));
  router.get('/api/images/:id', (ctx, next) => {
    const { w } = imageQuerySchema.parse(ctx.query);
    return serve(ctx, next, w === undefined ? undefined : sizedWidthFor(w));
  });

  return router;
}
