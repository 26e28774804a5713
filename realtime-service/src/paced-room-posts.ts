/** A room's posts waiting for its next hand-out, and when it last handed out. */
interface RoomPace {
  waiting: unknown[];
  /** The hand-out scheduled for the waiting posts (a timer, or the end of this turn). */
  scheduled: { cancel(): void } | undefined;
  lastAt: number;
}

/**
 * Hands a room's new messages to its sockets at most once every `intervalMs`, all that arrived
 * since the last hand-out in one turn of the event loop.
 *
 * Every hand-out costs each socket of the room one write (the connection writes a turn's packets
 * in one system call, see coalesced-writes.ts), whatever it carries: a room of 200 where 200
 * messages a second arrive one or two per turn made 20,000 to 40,000 writes a second on each
 * side, most of the CPU the fan-out cost. Paced, a busy room makes at most 1000 / intervalMs
 * hand-outs a second, each carrying what came meanwhile; a quiet room's message goes out at the end
 * of the turn it arrived in (its room handed out nothing in the last interval), so it waits for
 * nothing. Each message stays its own packet, in arrival order; `flush` hands out a room's waiting
 * posts at once, for a change that must reach the sockets after them (an edit, a deletion, a
 * removal).
 */
export class PacedRoomPosts {
  private readonly rooms = new Map<string, RoomPace>();

  constructor(
    private readonly handOut: (room: string, messages: unknown[]) => void,
    private readonly intervalMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  post(room: string, message: unknown): void {
    const pace = this.rooms.get(room) ?? { waiting: [], scheduled: undefined, lastAt: -Infinity };
    this.rooms.set(room, pace);
    pace.waiting.push(message);
    if (pace.scheduled) return;
    const wait = pace.lastAt + this.intervalMs - this.now();
    if (wait <= 0) {
      // The end of this turn: the other posts of the turn (a group commit answers several at once) go with it.
      const immediate = setImmediate(() => this.flush(room));
      pace.scheduled = { cancel: () => clearImmediate(immediate) };
    } else {
      const timer = setTimeout(() => this.flush(room), wait);
      timer.unref();
      pace.scheduled = { cancel: () => clearTimeout(timer) };
    }
  }

  /** Hands out the room's waiting posts now. */
  flush(room: string): void {
    const pace = this.rooms.get(room);
    if (!pace) return;
    pace.scheduled?.cancel();
    pace.scheduled = undefined;
    if (pace.waiting.length === 0) return;
    const messages = pace.waiting;
    pace.waiting = [];
    pace.lastAt = this.now();
    this.handOut(room, messages);
  }
}
