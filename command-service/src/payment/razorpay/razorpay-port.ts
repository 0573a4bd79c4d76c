// What the shop needs of Razorpay (UPI, net banking, wallets): create an order, and ask which
// payments an order received (for confirmations that never came). Two implementations: Razorpay's
// REST API (razorpay-api.ts) and a test-mode stand-in (razorpay-test-mode.ts). Amounts are in
// Razorpay's unit for the currency (provider-amounts.ts).

export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  /** created, attempted, paid */
  status: string;
  notes: Record<string, string>;
}

export interface RazorpayPayment {
  id: string;
  orderId: string;
  /** created, authorized, captured, refunded, failed */
  status: string;
  amount: number;
  currency: string;
  errorDescription?: string;
}

/** What Razorpay's checkout hands the browser after a payment, for verify-payment. */
export interface RazorpayCheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface RazorpayPort {
  readonly testMode: boolean;
  /** Public: the browser opens Razorpay's checkout with it. */
  readonly keyId: string;
  createOrder(input: {
    amount: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<RazorpayOrder>;
  fetchOrderPayments(orderId: string): Promise<RazorpayPayment[]>;
  /** Gives back `amount` (Razorpay's unit) of a captured payment; the same key gives the same refund. */
  refundPayment(input: {
    paymentId: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /**
   * Test mode only: what Razorpay's checkout does when the customer pays (or fails to): the payment,
   * and on success the signed result the browser receives. undefined for an unknown order.
   */
  payTestOrder?(
    orderId: string,
    outcome: 'success' | 'failure',
  ): Promise<{ payment: RazorpayPayment; result?: RazorpayCheckoutResult } | undefined>;
}

/** A payment that settles the order: captured, or authorized (captured automatically later). */
export const isSettled = (payment: RazorpayPayment): boolean =>
  payment.status === 'captured' || payment.status === 'authorized';
