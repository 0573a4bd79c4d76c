/// <reference types="node" />
// Renders an upload page against a real local HTTP server (src/test/http-server.ts) and gives the
// steps the tests repeat: choose files, open and apply a crop.
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { configureApiClient } from '@/lib/api-client';
import { json, startTestServer, type RecordedRequest, type Reply, type TestServer } from '@/test/http-server';
import { renderApp } from '@/test/render';
import { loadCropImage } from './browser-apis';

export const uploadAnswer = (
  n: number,
  print: { dpi: number; quality: 'good' | 'fair' | 'poor' } | null = { dpi: 300, quality: 'good' },
) =>
  json(
    {
      success: true,
      message: 'Images uploaded',
      rawImage: { id: `raw-${n}`, width: 1200, height: 1600 },
      croppedImage: { id: `crop-${n}`, width: 900, height: 1273 },
      ...(print ? { print } : {}),
    },
    201,
  );

export async function startShopServer(): Promise<TestServer & { uploads: number }> {
  const server = await startTestServer();
  const state = Object.assign(server, { uploads: 0 });
  server.on('POST /api/images', () => uploadAnswer(++state.uploads));
  server.on('POST /api/track/view-content', json({ success: true }, 202));
  server.on('POST /api/track/add-to-cart', json({ success: true }, 202));
  server.on('DELETE /api/images/raw-1', json({ success: true }));
  configureApiClient({ origin: server.origin, resetPosition: true });
  return state;
}

export function renderPage(page: ReactElement, path: string) {
  const user = userEvent.setup({ applyAccept: false });
  const result = renderApp(page, {
    path,
    routes: [
      { path: '/product/*', element: page },
      { path: '/strips/*', element: page },
      { path: '/cart', element: <h1>Cart page</h1> },
    ],
  });
  return { ...result, user };
}

type User = ReturnType<typeof userEvent.setup>;

export async function chooseFiles(user: User, files: File[]): Promise<void> {
  const input = screen.getByLabelText(/Upload Your Photos/) as HTMLInputElement;
  await user.upload(input, files);
  // Files are judged by their first bytes, read asynchronously, before they join the list.
  await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
}

export const cards = () => screen.queryAllByTestId('upload-card');
export const card = (name: string) => {
  const found = cards().find((c) => within(c).queryByText(name, { selector: '.upload-card__name' }));
  if (!found) throw new Error(`No card for ${name}`);
  return found;
};

export const cropDialog = () => screen.getByRole('dialog');

/** Lets the crop tool measure its image, then presses Apply Crop. */
export async function applyCrop(user: User): Promise<void> {
  const dialog = cropDialog();
  const img = within(dialog).getByRole('img');
  act(() => loadCropImage(img));
  await user.click(within(dialog).getByRole('button', { name: 'Apply Crop' }));
}

export async function cropOne(user: User, name: string): Promise<void> {
  await user.click(screen.getByRole('button', { name: `Crop ${name}` }));
  await applyCrop(user);
  await waitFor(() => expect(card(name)).toHaveAttribute('data-cropped', 'true'));
}

/** Resolves when a request to `route` has arrived. */
export const requestsTo = (server: TestServer, route: string): RecordedRequest[] =>
  server.requests.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);

export function held(): { reply(reply: Reply): Reply; release(): void } {
  let release!: () => void;
  const wait = new Promise<void>((resolve) => (release = resolve));
  return { reply: (reply) => ({ ...reply, wait }), release: () => release() };
}
