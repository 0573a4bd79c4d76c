// The answer to a confirmed payment: the order, to whoever it belongs to. The order is placed
// whoever confirms (the money was taken); only its owner (the user, or the guest session whose
// cart it was) sees it in the answer, anyone else gets "not found".
import type { Context } from 'koa';
import { NotFound } from '@printshop/shared-events/errors';
import { orderDto, type OrderView } from '@printshop/shared-events/events/order-view';
import { answerWithPosition, type Caller } from '../caller';
import { ownsCheckout } from '../checkout/checkout';
import { ORDER_MESSAGES } from '../order/decide';

export function answerWithOrder(ctx: Context, caller: Caller, order: OrderView, position: number): void {
  if (!ownsCheckout(order, caller)) throw new NotFound(ORDER_MESSAGES.notFound);
  answerWithPosition(ctx, 200, { order: orderDto(order) }, position);
}
