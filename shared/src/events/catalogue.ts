import type { z } from 'zod';
import { AccountEventSchemas } from './accounts';

/** Every event type of the platform with its schema: appends and projections validate against it. */
export const EventCatalogue = {
  ...AccountEventSchemas,
} as const satisfies Record<string, z.ZodType>;

export type EventType = keyof typeof EventCatalogue;

export function isKnownEventType(type: string): type is EventType {
  return Object.hasOwn(EventCatalogue, type);
}

/** Parses an event's data against its schema; throws on an unknown type or bad data. */
export function parseEventData<K extends EventType>(type: K, data: unknown): z.infer<(typeof EventCatalogue)[K]> {
  return EventCatalogue[type].parse(data) as z.infer<(typeof EventCatalogue)[K]>;
}
