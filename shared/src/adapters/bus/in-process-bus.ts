import type { Bus, BusHandler, SubscribeOptions } from '../../ports/bus';

export interface InProcessBusOptions {
  /** Delay before a group message whose handler threw is delivered again (default 1000 ms). */
  retryDelayMs?: number;
  onError?: (error: unknown) => void;
}

/** A group of this process: its waiting messages and its members, fed one message at a time. */
interface Group {
  queue: unknown[];
  members: BusHandler[];
  running: boolean;
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
      group.queue.push(copy());
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
    if (options.group !== undefined) return this.join(topic, options.group, handler);
    const set = this.handlers.get(topic) ?? new Set<BusHandler>();
    set.add(handler);
    this.handlers.set(topic, set);
    return async () => {
      set.delete(handler);
    };
  }

  private join(topic: string, name: string, handler: BusHandler): () => Promise<void> {
    const byName = this.groups.get(topic) ?? new Map<string, Group>();
    this.groups.set(topic, byName);
    let group = byName.get(name);
    if (!group) byName.set(name, (group = { queue: [], members: [], running: false, retry: undefined }));
    const member: BusHandler = (payload) => handler(payload);
    group.members.push(member);
    this.drain(group);
    const joined = group;
    return async () => {
      joined.members = joined.members.filter((m) => m !== member);
    };
  }

  /** Hands the group's messages to its members in order; a failed one stays first and is tried again later. */
  private drain(group: Group): void {
    if (group.running || group.retry || this.closed) return;
    group.running = true;
    queueMicrotask(() => {
      void (async () => {
        try {
          while (!this.closed && group.queue.length > 0) {
            // Round robin over the members, as a partitioned group would spread the load.
            const member = group.members.shift();
            if (!member) return;
            group.members.push(member);
            try {
              await member(group.queue[0]);
              group.queue.shift();
            } catch (error) {
              this.options.onError?.(error);
              group.retry = setTimeout(() => {
                group.retry = undefined;
                this.drain(group);
              }, this.options.retryDelayMs ?? 1000);
              return;
            }
          }
        } finally {
          group.running = false;
        }
      })();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    for (const byName of this.groups.values()) for (const group of byName.values()) if (group.retry) clearTimeout(group.retry);
    this.groups.clear();
  }
}
