// The product editor's pictures: the code's picture shows first; a new one is uploaded through
// POST /api/images/single and, made main, is sent with Save as the product's pictures; an upload the
// server refuses shows its message and changes nothing.
import { File as NodeFile } from 'node:buffer';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { signIn } from '@/features/admin/testing/admin-fixtures';
import { PRODUCT_EDITOR_MESSAGES, ProductEditor } from './product-editor';

let server: TestServer;
let savedFormData: typeof FormData;
beforeAll(async () => {
  server = await startTestServer();
  // jsdom's FormData takes only its own Blob and Node's fetch cannot send it: Node's is put in place.
  const probe = new Response('a=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  savedFormData = globalThis.FormData;
  globalThis.FormData = (await probe.formData()).constructor as typeof FormData;
});
afterAll(() => {
  globalThis.FormData = savedFormData;
  return server.close();
});
beforeEach(() => {
  configureApiClient({ origin: server.origin });
  server.requests.length = 0;
  signIn();
});

const seed = '/images/products/poster-a4.webp';
const poster = {
  sku: 'POSTERA4',
  name: 'A4 Poster | Customized Poster Print',
  description: '',
  category: 'Posters',
  path: '/product/a4-poster',
  imageUrl: seed,
  images: [seed],
  hidden: false,
  priceUsdCents: 178,
  sizePrices: {},
  bandGroup: 'poster',
  bands: [],
};

function renderEditor() {
  server.on('GET /api/admin/catalog', json({ success: true, products: [poster] }));
  server.on('GET /api/admin/catalog/POSTERA4/history', json({ success: true, changes: [] }));
  return renderApp(<></>, {
    path: '/admin/catalog/POSTERA4',
    routes: [{ path: '/admin/catalog/:sku', element: <ProductEditor /> }],
  });
}
// Node's File: the one fetch can send (jsdom's is not a Blob to it).
const photo = () =>
  new NodeFile([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shelf.png', {
    type: 'image/png',
  }) as unknown as File;
const patches = () => server.requests.filter((r) => r.method === 'PATCH').map((r) => JSON.parse(r.body));

describe('ProductEditor pictures', () => {
  it('given the code’s picture, when a picture is uploaded and made main, then Save sends both, the new one first', async () => {
    const user = userEvent.setup();
    server.on('POST /api/images/single', json({ success: true, image: { id: 'img-9' } }, 201));
    server.on(
      'PATCH /api/admin/catalog/POSTERA4',
      json({
        success: true,
        product: { ...poster, imageUrl: '/images/img-9', images: ['/images/img-9', seed] },
      }),
    );
    renderEditor();
    const list = await screen.findByRole('list', { name: 'Pictures of A4 Poster' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual([seed]);
    // One picture cannot be removed: a product always has one.
    expect(within(list).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Add a picture'), photo());
    await within(list).findByAltText('A4 Poster, picture 2');
    expect(within(list).getByAltText('A4 Poster, picture 2')).toHaveAttribute(
      'src',
      '/api/images/img-9?w=128',
    );
    await user.click(within(list).getByRole('button', { name: /Make main/ }));
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/api/images/img-9?w=128', seed]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PRODUCT_EDITOR_MESSAGES.saved);
    expect(patches()).toEqual([{ images: ['/images/img-9', seed] }]);
    const upload = server.requests.find((r) => r.url === '/api/images/single')!;
    expect(upload.headers['content-type']).toMatch(/^multipart\/form-data/);
  });

  it('given an upload the server refuses, then its message shows and the pictures stay as they were', async () => {
    const user = userEvent.setup();
    const message = 'This file is not a JPEG, PNG, WebP or HEIC image.';
    server.on(
      'POST /api/images/single',
      json({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE', message }, 415),
    );
    renderEditor();
    const list = await screen.findByRole('list', { name: 'Pictures of A4 Poster' });
    await user.upload(screen.getByLabelText('Add a picture'), photo());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(within(list).getAllByRole('img')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PRODUCT_EDITOR_MESSAGES.nothingChanged);
    expect(patches()).toEqual([]);
  });
});
