// Every event type of the shop, for the registry that validates appends and upcasts reads.
// Domain issues add their event definitions here.
import type { EventDefinition } from './event-registry';
import { addressEvents } from './events/address';
import { EmailReserved, userEvents } from './events/user';

export const allEvents: EventDefinition[] = [...addressEvents, ...userEvents, EmailReserved];
