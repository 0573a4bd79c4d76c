// The cart's lines grouped by product (one group per SKU, in the order the products were first
// added), so twelve A4 posters read as one product with twelve photos, not twelve products.
import type { CartItemDto } from '@printshop/shared-events/api/cart';
import { shortName } from '@printshop/shared-events/rules/catalog';

export interface CartGroup {
  sku: string;
  name: string;
  items: CartItemDto[];
  quantity: number;
}

export function groupCartLines(items: readonly CartItemDto[]): CartGroup[] {
  const groups = new Map<string, CartGroup>();
  for (const item of items) {
    const group = groups.get(item.sku);
    if (group) {
      group.items.push(item);
      group.quantity += item.quantity;
    } else {
      groups.set(item.sku, {
        sku: item.sku,
        name: shortName(item.name),
        items: [item],
        quantity: item.quantity,
      });
    }
  }
  return [...groups.values()];
}

/** What names one line's controls: the product, and which photo when the product has several. */
export const lineLabel = (group: CartGroup, index: number): string =>
  group.items.length === 1 ? group.name : `${group.name}, photo ${index + 1}`;
