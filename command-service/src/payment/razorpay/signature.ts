// Razorpay's payment signature: hex HMAC-SHA256 of `order_id|payment_id` with the key secret.
// Compared in constant time, so the comparison does not leak how much of a forgery was right.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const razorpaySignature = (orderId: string, paymentId: string, keySecret: string): string =>
  createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');

export function verifyRazorpaySignature(
  orderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): boolean {
  const expected = Buffer.from(razorpaySignature(orderId, paymentId, keySecret), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
