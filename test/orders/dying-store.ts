// A store as a process sees it that is killed at one write: before it lands, or right after it
// landed; either way nothing more it writes lands. For proofs that a retry after a kill heals.
import type { EventStore } from '@printshop/shared-events/event-store';

export function dyingStore(target: EventStore, stream: string, when: 'before' | 'after'): EventStore {
  let killed = false;
  return new Proxy(target, {
    get(store, property) {
      if (property === 'appendToStream') {
        return async (...args: Parameters<EventStore['appendToStream']>) => {
          if (killed || (when === 'before' && args[0] === stream)) throw new Error('killed');
          const result = await store.appendToStream(...args);
          killed = args[0] === stream;
          return result;
        };
      }
      const value: unknown = Reflect.get(store, property);
      return typeof value === 'function' ? value.bind(store) : value;
    },
  });
}
