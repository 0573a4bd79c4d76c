// Test mode without Razorpay keys: a stand-in for Razorpay's orders and checkout. Its payments are
// signed with the shop's test key secret exactly as Razorpay signs them, so verify-payment runs the
// same check as with real keys. Orders and payments are kept where every gateway sees them
// (RazorpayTestOrders: Postgres in infra/src/payments/test-mode-payments.ts), so a payment started on
// one gateway can be verified on another, and a restart loses no pending payment. As at Razorpay, a
// paid order takes no further payment (a second capture would charge the shopper twice).
import { randomBytes } from 'node:crypto';
import { Conflict, RuleBroken } from '@printshop/shared-events/errors';
import { CHECKOUT_MESSAGES } from '../../checkout/cart-snapshot';
import { TEST_REFUND_MESSAGES, type TestRefunds } from '../test-refunds';
import type { RazorpayOrder, RazorpayPayment, RazorpayPort } from './razorpay-port';
import { razorpaySignature } from './signature';

export const RAZORPAY_TEST_KEY_ID = 'rzp_test_printshop_local';

/** Where test-mode orders and their payments are kept: shared by every process of the shop. */
export interface RazorpayTestOrders {
  insertOrder(order: RazorpayOrder): Promise<void>;
  findOrder(id: string): Promise<RazorpayOrder | undefined>;
  /** The order's payments, oldest first. */
  paymentsOf(orderId: string): Promise<RazorpayPayment[]>;
  findPayment(id: string): Promise<RazorpayPayment | undefined>;
  /**
   * Records a payment; a captured one marks its order paid in the same step. False, and nothing
   * recorded, when its order is paid already (also by a payment recorded at the same moment).
   */
  addPayment(payment: RazorpayPayment): Promise<boolean>;
}

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

export function createRazorpayTestModePort(options: {
  keySecret: string;
  orders: RazorpayTestOrders;
  refunds: TestRefunds;
}): RazorpayPort {
  const { orders } = options;

  return {
    testMode: true,
    keyId: RAZORPAY_TEST_KEY_ID,

    async createOrder({ amount, currency, notes }) {
      const order: RazorpayOrder = {
        id: `order_test${token(10)}`,
        amount,
        currency,
        status: 'created',
        notes,
      };
      await orders.insertOrder(order);
      return order;
    },

    fetchOrderPayments: (orderId) => orders.paymentsOf(orderId),

    async refundPayment({ paymentId, amount, idempotencyKey }) {
      const payment = await orders.findPayment(paymentId);
      if (payment?.status !== 'captured') throw new RuleBroken(TEST_REFUND_MESSAGES.notPaid);
      return options.refunds.refundOnce({ key: idempotencyKey, paymentId, amount, paid: payment.amount });
    },

    async payTestOrder(orderId, outcome) {
      const order = await orders.findOrder(orderId);
      if (!order) return undefined;
      const payment: RazorpayPayment = {
        id: `pay_test${token(10)}`,
        orderId,
        status: outcome === 'success' ? 'captured' : 'failed',
        amount: order.amount,
        currency: order.currency,
        ...(outcome === 'failure' && { errorDescription: 'Payment failed' }),
      };
      if (!(await orders.addPayment(payment))) throw new Conflict(CHECKOUT_MESSAGES.alreadyPaid);
      if (outcome === 'failure') return { payment };
      return {
        payment,
        result: {
          razorpay_order_id: orderId,
          razorpay_payment_id: payment.id,
          razorpay_signature: razorpaySignature(orderId, payment.id, options.keySecret),
        },
      };
    },
  };
}
