// Every reactor of the shop; the domain modules add theirs here.
import { mailReactor } from './mail-reactor';
import type { Reactor } from './reactor';

export const allReactors: Reactor[] = [mailReactor];
