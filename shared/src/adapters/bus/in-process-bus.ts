import type { Bus, BusHandler } from '../../ports/bus';

/** The embedded mode's bus: every service lives in this process. Handlers run after the publisher returns. */
export class InProcessBus implements Bus {
  private readonly handlers = new Map<string, Set<BusHandler>>();

  async publish(topic: string, payload: unknown): Promise<void> {
    const set = this.handlers.get(topic);
    if (!set) return;
    // A copy through JSON, like every other adapter: subscribers never share the publisher's objects.
    const copy: unknown = JSON.parse(JSON.stringify(payload ?? null));
    for (const handler of [...set]) {
      queueMicrotask(() => {
        void Promise.resolve()
          .then(() => handler(copy))
          .catch(() => undefined);
      });
    }
  }

  async subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>> {
    const set = this.handlers.get(topic) ?? new Set<BusHandler>();
    set.add(handler);
    this.handlers.set(topic, set);
    return async () => {
      set.delete(handler);
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
