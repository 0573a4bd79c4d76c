// Refunds in test mode (no provider keys): kept where every gateway sees them (Postgres:
// infra/src/payments/test-mode-payments.ts), with the providers' two rules: one refund per
// idempotency key, and never more back than was paid.
import { RuleBroken } from '@printshop/shared-events/errors';

export interface TestRefunds {
  /**
   * Records a refund of `amount` of the payment `paymentId` (which took `paid`) under `key`; the key
   * seen before gives the refund made then. Throws RefundTooLarge past what is left.
   */
  refundOnce(input: {
    key: string;
    paymentId: string;
    amount: number;
    paid: number;
  }): Promise<{ id: string }>;
}

export const TEST_REFUND_MESSAGES = {
  tooLarge: 'The refund is larger than what is left of the payment.',
  notPaid: 'This payment has no successful charge to refund.',
} as const;

export class RefundTooLarge extends RuleBroken {
  constructor() {
    super(TEST_REFUND_MESSAGES.tooLarge);
  }
}
