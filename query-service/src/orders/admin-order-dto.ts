// The admin's views of an order: its summary in lists (orders, dashboard), and API.md's Order plus, per line, the images and print recipe (crop,
// DPI band, printed size), the customer and the payment's details.
import type { AdminOrderDto } from '@printshop/shared-events/api/admin';
import { orderDto, type OrderView } from '@printshop/shared-events/events/order-view';
import type { OrderLine } from '@printshop/shared-events/events/checkout';
import { pricedSku, productBySku, type PrintSize } from '@printshop/shared-events/rules/catalog';
import { toMajor } from '@printshop/shared-events/rules/money';

/** One order in the admin's lists (the orders list, the dashboard's latest orders). */
export const adminOrderSummary = (view: OrderView) => ({
  id: view.orderId,
  orderNumber: view.orderNumber,
  status: view.status,
  createdAt: view.placedAt,
  email: view.email,
  itemCount: view.lines.reduce((sum, line) => sum + line.quantity, 0),
  total: toMajor(view.amounts.total, view.amounts.currency),
  currency: view.amounts.currency,
});

const formatPrintSize = (size: PrintSize) => `${size.width} x ${size.height} ${size.unit}`;

/** The printed size of a line's SKU: a size's own dimensions, else the product's print size. */
export function printedSize(sku: string): string | undefined {
  const priced = pricedSku(sku);
  if (priced?.size) return priced.size.dimensions;
  const product = priced?.product ?? productBySku(sku);
  return product && formatPrintSize(product.printSize);
}

const lineExtras = (line: OrderLine) => {
  const size = printedSize(line.sku);
  return {
    lineId: line.lineId,
    croppedImageId: line.croppedImageId,
    ...(line.rawImageId != null && { rawImageId: line.rawImageId }),
    ...(line.images !== undefined && { images: line.images }),
    ...(line.crop !== undefined && { crop: line.crop }),
    ...(line.printQuality !== undefined && { printQuality: line.printQuality }),
    ...(size !== undefined && { size }),
  };
};

export function adminOrderDto(view: OrderView, customerName?: string): AdminOrderDto {
  const base = orderDto(view);
  return {
    ...base,
    items: base.items.map((item, index) => ({ ...item, ...lineExtras(view.lines[index]!) })),
    archived: view.archived,
    customer: {
      ...(view.userId !== undefined && { userId: view.userId }),
      email: view.email,
      ...(customerName !== undefined && { name: customerName }),
    },
    payment: {
      provider: view.payment.provider,
      status: view.payment.status,
      paymentId: view.payment.paymentId,
      testMode: view.payment.testMode,
      refunded: toMajor(view.refundedAmount ?? 0, view.amounts.currency),
    },
  };
}
