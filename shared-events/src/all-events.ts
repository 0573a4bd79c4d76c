// Every event type of the shop, for the registry that validates appends and upcasts reads.
// Domain issues add their event definitions here.
import type { EventDefinition } from './event-registry';

export const allEvents: EventDefinition[] = [];
