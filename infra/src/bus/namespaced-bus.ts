// Several shops (test apps, staging beside production) on one NATS: every subject and durable of
// a namespace is prefixed, so one shop's consumers never take another's messages. The code above
// the bus keeps its plain `printshop.…` subjects.
import type { Bus, Delivery } from '@printshop/shared-events/bus';
import { defaultDeadLetterSubject } from './subjects';

export function namespacedBus(bus: Bus, namespace: string): Bus {
  const outer = (subject: string) => `${namespace}.${subject}`;
  const inner = (subject: string) =>
    subject.startsWith(`${namespace}.`) ? subject.slice(namespace.length + 1) : subject;
  return {
    publish: (message) => bus.publish({ ...message, subject: outer(message.subject) }),
    consume: (options, handler) =>
      bus.consume(
        {
          ...options,
          durable: `${namespace}_${options.durable}`,
          subject: outer(options.subject),
          deadLetterSubject: outer(options.deadLetterSubject ?? defaultDeadLetterSubject(options.durable)),
        },
        (delivery) => handler({ ...delivery, subject: inner(delivery.subject) } as Delivery<never>),
      ),
    ping: () => bus.ping(),
    close: () => bus.close(),
  };
}

/** The JetStream stream of a namespace: its own name and subjects. */
export const namespaceStream = (namespace: string) => ({
  streamName: `PRINTSHOP_${namespace.toUpperCase()}`,
  subjects: [`${namespace}.>`],
});
