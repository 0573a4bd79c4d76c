// The owner's product pictures over HTTP (API.md "Admin": catalog): an admin uploads through the
// shop's upload pipeline (type sniffed, size limit), sets the product's pictures, and the storefront's
// product answer and lists show them; the history has the change; someone else's upload, an unknown
// one or a path that is not a picture is refused with the field's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCatalogResponseSchema,
  adminProductResponseSchema,
  catalogHistoryResponseSchema,
} from '@printshop/shared-events/api/catalog-admin';
import { productResponseSchema, productsResponseSchema } from '@printshop/shared-events/api/catalog';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import { productBySku } from '@printshop/shared-events/rules/catalog';
import type { TestApp } from '@printshop/test/support/app';
import { browser, pngBytes } from '../cart/support';
import { adminApi, startAdminApp, type Api } from '../admin/support';

let app: TestApp;
let admin: Api;
beforeAll(async () => {
  app = await startAdminApp('catalog_images');
  admin = await adminApi(app);
});
afterAll(async () => {
  await app?.stop();
});

/** An upload through POST /api/images/single with the admin's token: its status and image id. */
async function upload(bytes: Uint8Array, type = 'image/png') {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), 'product.png');
  const response = await fetch(`${app.url}/api/images/single`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  const body = (await response.json()) as { image?: { id: string } };
  return { status: response.status, id: body.image?.id };
}

/** The product as the admin's catalog lists it. */
async function adminProduct(sku: string) {
  const { products } = adminCatalogResponseSchema.parse((await admin.get('/api/admin/catalog')).body);
  return products.find((p) => p.sku === sku)!;
}

const setImages = (sku: string, images: unknown) =>
  admin.call('PATCH', `/api/admin/catalog/${sku}`, { images });

describe('product pictures', () => {
  it('given a new shop, then every product answers the code’s picture as its one image', async () => {
    const product = await adminProduct('POSTERA4');
    expect(product.images).toEqual([productBySku('POSTERA4')!.imageUrl]);
    expect(product.imageUrl).toBe(productBySku('POSTERA4')!.imageUrl);
  });

  it('given two uploads of the admin, when set as the A3 poster’s pictures, then the product, the list and the history show them, and the picture is served', async () => {
    const first = await upload(new Uint8Array(await pngBytes()));
    const second = await upload(new Uint8Array(await pngBytes()));
    expect([first.status, second.status]).toEqual([201, 201]);
    const seed = productBySku('POSTERA3')!.imageUrl;

    const answer = await setImages('postera3', [first.id, `/images/${second.id}`, seed]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const images = [`/images/${first.id}`, `/images/${second.id}`, seed];
    expect(adminProductResponseSchema.parse(answer.body).product).toMatchObject({
      imageUrl: images[0],
      images,
    });

    const page = productResponseSchema.parse((await admin.get('/api/products/POSTERA3')).body).data;
    expect(page).toMatchObject({ imageUrl: images[0], images });
    const list = productsResponseSchema.parse((await admin.get('/api/products')).body).data;
    expect(list.find((p) => p.sku === 'POSTERA3')?.imageUrl).toBe(images[0]);

    const history = catalogHistoryResponseSchema.parse(
      (await admin.get('/api/admin/catalog/POSTERA3/history')).body,
    ).changes;
    expect(history[0]).toMatchObject({ field: 'images', before: [seed], after: images });

    const served = await fetch(`${app.url}${images[0]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');

    // The same pictures again change nothing: no second history row.
    expect((await setImages('POSTERA3', images)).status).toBe(200);
    const again = catalogHistoryResponseSchema.parse(
      (await admin.get('/api/admin/catalog/POSTERA3/history')).body,
    ).changes;
    expect(again.filter((c) => c.field === 'images')).toHaveLength(1);
  });

  it('given a file that is not a picture, when uploaded, then the pipeline refuses it (sniffed, not trusted)', async () => {
    const text = new TextEncoder().encode('this is not an image at all, just text pretending to be one');
    expect((await upload(text)).status).toBe(415);
  });

  it('given someone else’s upload, an unknown id, a path that is not a picture, a shop file no product shows or no picture, then 400 with the images message and nothing changes', async () => {
    const shopper = browser(app);
    const theirs = await shopper.uploadImage();
    const refusals: Array<[unknown, RegExp]> = [
      [[theirs], /no uploaded image/],
      [['no-such-image'], /no uploaded image/],
      [['/etc/passwd'], /Give 1 to 8 pictures/],
      // A file of the shop's own that no product shows (a collage mask), and one that does not exist.
      [['/images/products/mask12.png'], /no product picture "\/images\/products\/mask12.png"/],
      [['/images/products/poster-a5.webp'], /no product picture/],
      [['https://elsewhere.example/x.jpg'], /Give 1 to 8 pictures/],
      [[], /Give 1 to 8 pictures/],
    ];
    for (const [images, message] of refusals) {
      const answer = await setImages('POSTERA4', images);
      expect(answer.status, JSON.stringify(images)).toBe(400);
      const body = errorResponseSchema.parse(answer.body);
      expect(body.errors?.images, JSON.stringify(images)).toMatch(message);
    }
    expect((await adminProduct('POSTERA4')).images).toEqual([productBySku('POSTERA4')!.imageUrl]);
  });
});
