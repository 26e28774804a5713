import type { Bus, BusHandler, GroupBacklog, SubscribeOptions } from '../../ports/bus';

export interface InProcessBusOptions {
  /** Delay before a group message whose handler threw is delivered again (default 1000 ms). */
  retryDelayMs?: number;
  onError?: (error: unknown) => void;
}

/** A message kept for a group until a member has handled it; `taken` while a member handles it. */
interface Entry {
  payload: unknown;
  taken: boolean;
  publishedAt: Date;
}

/** A member of a group, with as many slots as messages it may handle at once. */
interface Member {
  handler: BusHandler;
  slots: number;
  busy: number;
}

/** A group of this process: its waiting messages and its members. */
interface Group {
  queue: Entry[];
  members: Member[];
  retry: NodeJS.Timeout | undefined;
}

/** The embedded mode's bus: every service lives in this process. Handlers run after the publisher returns. */
export class InProcessBus implements Bus {
  private readonly handlers = new Map<string, Set<BusHandler>>();
  /** topic -> group name -> group. */
  private readonly groups = new Map<string, Map<string, Group>>();
  private closed = false;

  constructor(private readonly options: InProcessBusOptions = {}) {}

  async publish(topic: string, payload: unknown): Promise<void> {
    // A copy through JSON, like every other adapter: subscribers never share the publisher's objects.
    const copy = () => JSON.parse(JSON.stringify(payload ?? null)) as unknown;
    for (const group of this.groups.get(topic)?.values() ?? []) {
      group.queue.push({ payload: copy(), taken: false, publishedAt: new Date() });
      this.drain(group);
    }
    const set = this.handlers.get(topic);
    if (!set) return;
    const shared = copy();
    for (const handler of [...set]) {
      queueMicrotask(() => {
        void Promise.resolve()
          .then(() => handler(shared))
          .catch(() => undefined);
      });
    }
  }

  async subscribe(topic: string, handler: BusHandler, options: SubscribeOptions = {}): Promise<() => Promise<void>> {
    if (options.group !== undefined) return this.join(topic, options.group, handler, options.concurrency);
    const set = this.handlers.get(topic) ?? new Set<BusHandler>();
    set.add(handler);
    this.handlers.set(topic, set);
    return async () => {
      set.delete(handler);
    };
  }

  private join(topic: string, name: string, handler: BusHandler, concurrency = 1): () => Promise<void> {
    const byName = this.groups.get(topic) ?? new Map<string, Group>();
    this.groups.set(topic, byName);
    let group = byName.get(name);
    if (!group) byName.set(name, (group = { queue: [], members: [], retry: undefined }));
    const member: Member = { handler, slots: Math.max(1, Math.floor(concurrency)), busy: 0 };
    group.members.push(member);
    this.drain(group);
    const joined = group;
    return async () => {
      joined.members = joined.members.filter((m) => m !== member);
    };
  }

  /**
   * Hands the group's messages to its members' free slots, oldest first (with one slot in all, in
   * order, one at a time). A message whose handler threw goes back to its place and the group
   * hands out nothing new until the retry delay has passed; then it is the first to go again.
   */
  private drain(group: Group): void {
    while (!group.retry && !this.closed) {
      const entry = group.queue.find((e) => !e.taken);
      // Round robin over the members with a free slot, as a partitioned group would spread the load.
      const index = group.members.findIndex((m) => m.busy < m.slots);
      if (!entry || index < 0) return;
      const member = group.members[index]!;
      group.members.splice(index, 1);
      group.members.push(member);
      entry.taken = true;
      member.busy++;
      queueMicrotask(() => {
        void (async () => {
          try {
            await member.handler(entry.payload);
            group.queue.splice(group.queue.indexOf(entry), 1);
          } catch (error) {
            entry.taken = false;
            this.options.onError?.(error);
            group.retry ??= setTimeout(() => {
              group.retry = undefined;
              this.drain(group);
            }, this.options.retryDelayMs ?? 1000);
          } finally {
            member.busy--;
            this.drain(group);
          }
        })();
      });
    }
  }

  async backlog(topic: string, group: string): Promise<GroupBacklog> {
    const queue = this.groups.get(topic)?.get(group)?.queue ?? [];
    return { messages: queue.length, oldestAt: queue[0]?.publishedAt };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    for (const byName of this.groups.values()) for (const group of byName.values()) if (group.retry) clearTimeout(group.retry);
    this.groups.clear();
  }
}
