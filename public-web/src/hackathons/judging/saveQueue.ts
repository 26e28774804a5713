/**
 * The judge's sheet saves as it is filled in: each change waits `delayMs` for the next (a judge
 * going through the radios with the arrow keys sends one request, not five), then the project's
 * changed fields go one PUT each, in order. A field changed again while its request is out is sent
 * again with the newer value; a failed field stays queued (nothing typed is lost) until a retry or
 * the next change. Pure TypeScript with the timers of the platform, so it is tested with fake ones.
 */

export type SaveState =
  | { state: 'idle' }
  /** Changed, waiting for the debounce or for the request before it. */
  | { state: 'pending' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'error'; message: string };

export interface SaveQueueOptions<V> {
  delayMs: number;
  /** Sends one field of one key (a project): a criterion's score or the note. Rejects on failure. */
  send(key: string, field: string, value: V): Promise<void>;
  onState(key: string, state: SaveState): void;
  messageOf(error: unknown): string;
}

export class SaveQueue<V> {
  private readonly pending = new Map<string, Map<string, V>>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly running = new Set<string>();

  constructor(private readonly options: SaveQueueOptions<V>) {}

  /** Queues a field's new value and (re)starts the key's wait. */
  set(key: string, field: string, value: V): void {
    const fields = this.pending.get(key) ?? new Map<string, V>();
    fields.set(field, value);
    this.pending.set(key, fields);
    if (!this.running.has(key)) this.options.onState(key, { state: 'pending' });
    this.clearTimer(key);
    this.timers.set(
      key,
      setTimeout(() => void this.flush(key), this.options.delayMs),
    );
  }

  /** Whether anything is not saved yet (queued, out, or failed). */
  hasUnsaved(key?: string): boolean {
    const keys = key === undefined ? [...this.pending.keys()] : [key];
    return keys.some((k) => (this.pending.get(k)?.size ?? 0) > 0);
  }

  /** Sends the key's queued fields now (a retry, or leaving the page). */
  async flush(key: string): Promise<void> {
    this.clearTimer(key);
    if (this.running.has(key)) return;
    const fields = this.pending.get(key);
    if (!fields || fields.size === 0) return;
    this.running.add(key);
    this.options.onState(key, { state: 'saving' });
    try {
      for (let next = fields.entries().next(); !next.done; next = fields.entries().next()) {
        const [field, value] = next.value;
        await this.options.send(key, field, value);
        // Changed again while it was out: stays queued, and goes next with its newer value.
        if (fields.get(field) === value) fields.delete(field);
      }
      this.running.delete(key);
      this.options.onState(key, { state: 'saved' });
    } catch (error) {
      this.running.delete(key);
      this.options.onState(key, { state: 'error', message: this.options.messageOf(error) });
    }
  }

  flushAll(): Promise<void[]> {
    return Promise.all([...this.pending.keys()].map((key) => this.flush(key)));
  }

  /** Stops the waits (the screen is going away); what is queued stays for flushAll. */
  dispose(): void {
    for (const key of [...this.timers.keys()]) this.clearTimer(key);
  }

  private clearTimer(key: string) {
    const timer = this.timers.get(key);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(key);
  }
}
