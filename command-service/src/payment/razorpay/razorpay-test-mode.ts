// Test mode without Razorpay keys: an in-process stand-in for Razorpay's orders and checkout. Its
// payments are signed with the shop's test key secret exactly as Razorpay signs them, so
// verify-payment runs the same check as with real keys.
import { randomBytes } from 'node:crypto';
import type { RazorpayOrder, RazorpayPayment, RazorpayPort } from './razorpay-port';
import { razorpaySignature } from './signature';

export const RAZORPAY_TEST_KEY_ID = 'rzp_test_printshop_local';

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

export function createRazorpayTestModePort(options: { keySecret: string }): RazorpayPort {
  const orders = new Map<string, RazorpayOrder>();
  const payments = new Map<string, RazorpayPayment[]>();

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
      orders.set(order.id, order);
      payments.set(order.id, []);
      return { ...order };
    },

    async fetchOrderPayments(orderId) {
      return (payments.get(orderId) ?? []).map((payment) => ({ ...payment }));
    },

    async payTestOrder(orderId, outcome) {
      const order = orders.get(orderId);
      if (!order) return undefined;
      const payment: RazorpayPayment = {
        id: `pay_test${token(10)}`,
        orderId,
        status: outcome === 'success' ? 'captured' : 'failed',
        amount: order.amount,
        currency: order.currency,
        ...(outcome === 'failure' && { errorDescription: 'Payment failed' }),
      };
      payments.get(orderId)!.push(payment);
      if (outcome === 'failure') return { payment: { ...payment } };
      orders.set(orderId, { ...order, status: 'paid' });
      return {
        payment: { ...payment },
        result: {
          razorpay_order_id: orderId,
          razorpay_payment_id: payment.id,
          razorpay_signature: razorpaySignature(orderId, payment.id, options.keySecret),
        },
      };
    },
  };
}
