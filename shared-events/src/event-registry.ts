// Typed events: every event type has a zod schema and a version. Appends are validated against the
// current version; events written under an older version are upcast on read, never rewritten.
import type { z } from 'zod';
import { InvalidEvent, type EventMetadata, type NewEvent, type RecordedEvent } from './event-store';

export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  type: Type;
  schema: Schema;
  /** Current schema version (1 when never changed). */
  version: number;
  /** upcasters[n] turns data of version n into version n + 1. */
  upcasters: Record<number, (data: unknown) => unknown>;
}

export const defineEvent = <Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
  options: { version?: number; upcasters?: Record<number, (data: unknown) => unknown> } = {},
): EventDefinition<Type, Schema> => ({
  type,
  schema,
  version: options.version ?? 1,
  upcasters: options.upcasters ?? {},
});

export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.infer<S> } : never;

export class EventRegistry {
  private readonly byType = new Map<string, EventDefinition>();

  constructor(definitions: readonly EventDefinition[] = []) {
    for (const definition of definitions) this.register(definition);
  }

  register(definition: EventDefinition): this {
    if (this.byType.has(definition.type)) throw new Error(`Event type ${definition.type} registered twice`);
    this.byType.set(definition.type, definition);
    return this;
  }

  has(type: string): boolean {
    return this.byType.has(type);
  }

  /** Returns the event with parsed data and its schema version in metadata; throws InvalidEvent. */
  validate<E extends NewEvent>(event: E): E & { metadata: EventMetadata } {
    const definition = this.byType.get(event.type);
    if (!definition) throw new InvalidEvent(event.type, ['no schema is registered for this event type']);
    const parsed = definition.schema.safeParse(event.data);
    if (!parsed.success) {
      throw new InvalidEvent(
        event.type,
        parsed.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`),
      );
    }
    return {
      ...event,
      data: parsed.data,
      metadata: { ...event.metadata, schemaVersion: definition.version },
    };
  }

  /** Brings an event written under an older schema version up to the current one. */
  upcast<E extends RecordedEvent>(event: E): E {
    const definition = this.byType.get(event.type);
    const from = event.metadata.schemaVersion ?? 1;
    if (!definition || from >= definition.version) return event;
    let data = event.data;
    for (let version = from; version < definition.version; version++) {
      const upcaster = definition.upcasters[version];
      if (!upcaster) throw new Error(`No upcaster for ${event.type} from version ${version}`);
      data = upcaster(data);
    }
    return { ...event, data, metadata: { ...event.metadata, schemaVersion: definition.version } };
  }
}
