// Every event type of the shop, for the registry that validates appends and upcasts reads.
// Domain issues add their event definitions here.
import type { EventDefinition } from './event-registry';
import { addressEvents } from './events/address';
import { cartEvents } from './events/cart';
import { checkoutEvents } from './events/checkout';
import { imageEvents } from './events/image';
import { loyaltyEvents } from './events/loyalty';
import { OrderNumberReserved, orderEvents } from './events/order';
import { paymentEvents } from './events/payment';
import { EmailReserved, userEvents } from './events/user';

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
];
