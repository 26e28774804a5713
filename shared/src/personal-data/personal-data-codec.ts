import type { EventMetadata, NewEvent } from '../ports/event-store';
import { BOXES, isSealedField, openValues, sealValues, type SealedField } from './field-cipher';
import type { FieldContext, PersonalField } from './personal-field';
import type { SubjectKey, SubjectKeys } from './subject-keys';

interface Segment {
  key: string;
  each: boolean;
}
interface CompiledField {
  field: PersonalField;
  segments: Segment[];
}
type Visit = (parent: Record<string, unknown>, key: string) => unknown;
type Registry = Readonly<Record<string, readonly PersonalField[]>>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function compile(path: string): Segment[] {
  const segments = path.split('.').map((part) => (part.endsWith('[]') ? { key: part.slice(0, -2), each: true } : { key: part, each: false }));
  if (segments.at(-1)!.each) throw new Error(`A personal field's path ends at a field, not an array's elements: ${path}`);
  return segments;
}

/** Copy-on-write: the objects on the path are copied only where `visit` changed something. */
function rewrite(node: unknown, segments: Segment[], at: number, visit: Visit): unknown {
  if (!isRecord(node) || !Object.hasOwn(node, segments[at]!.key)) return node;
  const { key, each } = segments[at]!;
  const child = node[key];
  let next: unknown;
  if (at === segments.length - 1) next = visit(node, key);
  else if (each) {
    if (!Array.isArray(child)) return node;
    const elements = child.map((element: unknown) => rewrite(element, segments, at + 1, visit));
    next = elements.some((element, i) => element !== child[i]) ? elements : child;
  } else next = rewrite(child, segments, at + 1, visit);
  return next === child ? node : { ...node, [key]: next };
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The boxes of a sealed event, if it has any. */
function boxesOf(event: NewEvent): Record<string, string> | undefined {
  if (!isRecord(event.data)) return undefined;
  const boxes = event.data[BOXES];
  return isRecord(boxes) ? (boxes as Record<string, string>) : undefined;
}

/**
 * Encrypts the personal fields of events for the people they belong to and opens them again (docs/personal-data.md).
 * Events of a type with no personal field pass through untouched, so the cost falls on the few that have one.
 */
export class PersonalDataCodec {
  private readonly fields = new Map<string, CompiledField[]>();

  constructor(
    registry: Registry,
    readonly keys: SubjectKeys,
  ) {
    for (const [type, fields] of Object.entries(registry)) this.fields.set(type, fields.map((field) => ({ field, segments: compile(field.path) })));
  }

  hasPersonalFields(type: string): boolean {
    return this.fields.has(type);
  }

  /** The events with their personal fields sealed; a field of a person already erased is stored as what erasure leaves. */
  async seal<E extends NewEvent>(streamId: string, events: E[]): Promise<E[]> {
    const wanted = new Set<string>();
    for (const event of events) this.walk(event, streamId, (subject) => wanted.add(subject));
    if (wanted.size === 0) return events;
    const keys = await this.keys.keysOf(wanted, { create: true });
    return events.map((event) => {
      const compiled = this.fields.get(event.type);
      if (!compiled || !isRecord(event.data) || Object.hasOwn(event.data, BOXES)) return event;
      const values = new Map<string, unknown[]>();
      let data: unknown = event.data;
      for (const { field, segments } of compiled) {
        data = rewrite(data, segments, 0, (parent, key) => {
          const value = parent[key];
          if (!present(value)) return value;
          const ctx = this.context(event, streamId, parent);
          const subject = field.subject(ctx);
          if (!subject) return value;
          const key_ = keys.get(subject);
          if (!key_ || 'erased' in key_) return field.erased({ ...ctx, subject });
          const box = values.get(subject) ?? [];
          values.set(subject, box);
          const marker: SealedField = { $pd: 1, s: subject, i: box.push(value) - 1 };
          return marker;
        });
      }
      if (values.size === 0) return data === event.data ? event : { ...event, data };
      const boxes: Record<string, string> = {};
      for (const [subject, list] of values) boxes[subject] = sealValues(list, subject, event.id, (keys.get(subject) as { key: Buffer }).key);
      return { ...event, data: { ...(data as Record<string, unknown>), [BOXES]: boxes } };
    });
  }

  /** The events as their readers see them: sealed fields opened, or what erasure leaves where the key is gone. */
  async open<E extends NewEvent & { streamId: string }>(events: E[]): Promise<E[]> {
    const wanted = new Set<string>();
    for (const event of events) {
      const boxes = boxesOf(event);
      if (boxes) for (const subject of Object.keys(boxes)) wanted.add(subject);
    }
    if (wanted.size === 0) return events;
    const keys: Map<string, SubjectKey> = await this.keys.keysOf(wanted, { create: false });
    return events.map((event) => {
      const boxes = boxesOf(event);
      if (!boxes) return event;
      const opened = new Map<string, unknown[] | null>();
      for (const [subject, box] of Object.entries(boxes)) {
        const key_ = keys.get(subject);
        opened.set(subject, key_ && 'key' in key_ ? openValues(box, subject, event.id, key_.key) : null);
      }
      const { [BOXES]: _boxes, ...rest } = event.data as Record<string, unknown>;
      let data: unknown = rest;
      for (const { field, segments } of this.fields.get(event.type) ?? []) {
        data = rewrite(data, segments, 0, (parent, key) => {
          const value = parent[key];
          if (!isSealedField(value)) return value;
          const values = opened.get(value.s);
          return values ? values[value.i] : field.erased({ ...this.context(event, event.streamId, parent), subject: value.s });
        });
      }
      return { ...event, data };
    });
  }

  private walk(event: NewEvent, streamId: string, onSubject: (subject: string) => void): void {
    const compiled = this.fields.get(event.type);
    if (!compiled) return;
    for (const { field, segments } of compiled) {
      rewrite(event.data, segments, 0, (parent, key) => {
        const value = parent[key];
        if (present(value)) {
          const subject = field.subject(this.context(event, streamId, parent));
          if (subject) onSubject(subject);
        }
        return value;
      });
    }
  }

  private context(event: NewEvent, streamId: string, parent: Record<string, unknown>): FieldContext {
    return { data: isRecord(event.data) ? event.data : {}, parent, streamId, metadata: (event.metadata ?? {}) as EventMetadata };
  }
}
