// Razorpay's REST API (https://razorpay.com/docs/api/): basic auth with the key id and secret.
// `apiUrl` points it elsewhere (a local stand-in in tests: Razorpay cannot be reached from here).
import type { RazorpayOrder, RazorpayPayment, RazorpayPort } from './razorpay-port';

export interface RazorpayApiOptions {
  keyId: string;
  keySecret: string;
  /** Default https://api.razorpay.com/v1 */
  apiUrl?: string;
  timeoutMs?: number;
}

interface ApiPayment {
  id: string;
  order_id: string;
  status: string;
  amount: number;
  currency: string;
  error_description?: string | null;
}

export class RazorpayApiError extends Error {
  override readonly name = 'RazorpayApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function createRazorpayApiPort(options: RazorpayApiOptions): RazorpayPort {
  const base = (options.apiUrl ?? 'https://api.razorpay.com/v1').replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization,
        'content-type': 'application/json',
        accept: 'application/json',
        ...extraHeaders,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const payload = (await response.json().catch(() => ({}))) as { error?: { description?: string } };
    if (!response.ok) {
      throw new RazorpayApiError(
        response.status,
        payload.error?.description ?? `Razorpay answered ${response.status}`,
      );
    }
    return payload as T;
  }

  return {
    testMode: options.keyId.startsWith('rzp_test_'),
    keyId: options.keyId,

    async createOrder({ amount, currency, receipt, notes }) {
      const order = await call<RazorpayOrder & { notes?: Record<string, string> | [] }>('POST', '/orders', {
        amount,
        currency,
        receipt,
        notes,
      });
      return {
        id: order.id,
        amount: order.amount,
        currency: order.currency,
        status: order.status,
        notes: Array.isArray(order.notes) ? {} : (order.notes ?? {}),
      };
    },

    async refundPayment({ paymentId, amount, idempotencyKey }) {
      // Razorpay's idempotency header for refunds: a retry with the same key makes no second refund.
      const refund = await call<{ id: string }>(
        'POST',
        `/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount, speed: 'normal' },
        { 'X-Refund-Idempotency': idempotencyKey },
      );
      return { id: refund.id };
    },

    async fetchOrderPayments(orderId): Promise<RazorpayPayment[]> {
      const { items } = await call<{ items: ApiPayment[] }>(
        'GET',
        `/orders/${encodeURIComponent(orderId)}/payments`,
      );
      return items.map((payment) => ({
        id: payment.id,
        orderId: payment.order_id,
        status: payment.status,
        amount: payment.amount,
        currency: payment.currency,
        ...(payment.error_description && { errorDescription: payment.error_description }),
      }));
    },
  };
}
