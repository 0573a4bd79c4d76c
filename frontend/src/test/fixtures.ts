// Answers of the shop's API as API.md shapes them, for component tests.
import type { CartDto } from '@printshop/shared-events/api/cart';
import type { OrderDto } from '@printshop/shared-events/api/orders';

export const testUser = {
  id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_admin: false,
};

export interface LineSeed {
  id: string;
  quantity: number;
  pricePerUnit?: number;
  name?: string;
  sku?: string;
}

export function cartAnswer(lines: LineSeed[], overrides: Partial<CartDto> = {}): CartDto {
  const items = lines.map((line) => {
    const price = line.pricePerUnit ?? 1.78;
    return {
      id: line.id,
      sku: line.sku ?? 'POSTERA4',
      name: line.name ?? 'A4 Poster | Customized Poster Print',
      quantity: line.quantity,
      pricePerUnit: price,
      lineTotal: Math.round(price * line.quantity * 100) / 100,
      cropped_image_id: `img-${line.id}`,
      raw_image_id: null,
      imageUrl: `/images/img-${line.id}`,
    };
  });
  const subtotal = Math.round(items.reduce((sum, item) => sum + item.lineTotal, 0) * 100) / 100;
  const shippingFee = subtotal >= 50 ? 0 : 10;
  return {
    success: true,
    cartId: 'c1',
    currency: 'USD',
    country: 'US',
    items,
    totalQuantity: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal,
    discount: 0,
    shippingFee,
    grandTotal: Math.round((subtotal + shippingFee) * 100) / 100,
    freeShippingThreshold: 50,
    shippingInfo: {
      country: 'US',
      countryName: 'United States',
      zone: 'north_america',
      currency: 'USD',
      baseRate: 10,
      freeShippingThreshold: 50,
      isFree: subtotal >= 50,
      estimatedDays: { min: 10, max: 15 },
    },
    loyaltyPointsUsed: 0,
    loyaltyDiscount: 0,
    ...overrides,
  };
}

export function orderAnswer(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 'o1',
    orderNumber: 'PS-10001',
    status: 'paid',
    createdAt: '2025-01-02T10:00:00.000Z',
    email: 'ada@example.com',
    items: [
      {
        sku: 'POSTERA4',
        name: 'A4 Poster | Customized Poster Print',
        quantity: 2,
        pricePerUnit: 1.78,
        lineTotal: 3.56,
      },
    ],
    subtotal: 3.56,
    discount: 0,
    shippingFee: 10,
    total: 13.56,
    currency: 'USD',
    shippingAddress: {
      fullName: 'Ada Lovelace',
      phone: '+1 202 555 0100',
      line1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'US',
    },
    payment: { provider: 'stripe', status: 'succeeded' },
    timeline: [{ status: 'paid', at: '2025-01-02T10:00:00.000Z' }],
    ...overrides,
  };
}
