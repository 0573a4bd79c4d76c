// Every reactor of the shop; the domain modules add theirs here.
import { mailReactor } from './mail-reactor';
import type { Reactor } from './reactor';
import { trackingReactor } from './tracking-reactor';
import { webhookReactor } from './webhook-reactor';

export const allReactors: Reactor[] = [mailReactor, trackingReactor, webhookReactor];
