// The contract between the abandoned-checkouts projection and the admin's list and dashboard: the
// table of schema `rm_abandoned_checkouts`, one row per checkout started.
//
// status:
//   open        not paid, and the latest checkout of its cart: the customer may have gone away;
//   paid        this checkout became an order;
//   converted   another checkout of the same cart was paid (the customer bought after all);
//   superseded  a later checkout of the same cart was started (that one stands for the attempt).
// Only open checkouts are listed; "abandoned" adds that nothing happened for N minutes
// (last_activity_at: the start or the latest payment attempt).
export const ABANDONED_CHECKOUTS_PROJECTION = 'abandoned_checkouts';
export const ABANDONED_CHECKOUTS_TABLE = 'checkouts';
export const CHECKOUT_STATUSES = ['open', 'paid', 'converted', 'superseded'] as const;
export type CheckoutListStatus = (typeof CHECKOUT_STATUSES)[number];
