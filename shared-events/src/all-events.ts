// Every event type of the shop, for the registry that validates appends and upcasts reads.
// Domain issues add their event definitions here.
import type { EventDefinition } from './event-registry';
import { addressEvents } from './events/address';
import { cartEvents } from './events/cart';
import { catalogEvents } from './events/catalog';
import { checkoutEvents } from './events/checkout';
import { contactEvents } from './events/contact';
import { imageEvents } from './events/image';
import { loyaltyEvents } from './events/loyalty';
import { OrderNumberReserved, orderEvents } from './events/order';
import { paymentEvents } from './events/payment';
import { promotionEvents } from './events/promotion';
import { reviewEvents } from './events/review';
import { trackingEvents } from './events/tracking';
import { EmailReserved, userEvents } from './events/user';
import { webhookEvents } from './events/webhook';

export const allEvents: EventDefinition[] = [
  ...addressEvents,
  ...userEvents,
  EmailReserved,
  ...cartEvents,
  ...imageEvents,
  ...checkoutEvents,
  ...paymentEvents,
  ...orderEvents,
  OrderNumberReserved,
  ...loyaltyEvents,
  ...contactEvents,
  ...trackingEvents,
  ...webhookEvents,
  ...reviewEvents,
  ...promotionEvents,
  ...catalogEvents,
];
