// What the cart API tests share (API.md "Cart"): reading a browser's cart, adding a line, the
// contract's JSON error, and a collage's customization data.
import { expect } from 'vitest';
import { cartItemResponseSchema, cartResponseSchema } from '@printshop/shared-events/api/cart';
import { errorResponseSchema } from '@printshop/shared-events/api/common';
import type { Browser } from './support';

export const collageData = (imageIds: string[]) => ({
  templatePath: '/images/products/template18.png',
  templateName: 'Studio Model Grid - 9 Photos',
  size: 'A4',
  sizeName: 'A4',
  dimensions: '210 x 297 mm',
  images: imageIds.map((imageId, slotId) => ({
    slotId,
    imageId,
    position: { x: 0, y: 0, width: 10, height: 10 },
  })),
});

export async function cartOf(b: Browser, query = '') {
  const answer = await b.call('GET', `/api/cart${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.headers.get('x-stale')).toBeNull();
  return cartResponseSchema.parse(answer.body);
}

export async function add(b: Browser, body: Record<string, unknown>) {
  const answer = await b.call('POST', '/api/cart/item', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(Number(answer.headers.get('x-event-position'))).toBeGreaterThan(0);
  return cartItemResponseSchema.parse(answer.body).item;
}

export function expectError(
  answer: { status: number; body: unknown },
  status: number,
  message: string | RegExp,
) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const body = errorResponseSchema.parse(answer.body);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  return body;
}
