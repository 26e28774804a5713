import type { Knex } from 'knex';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import type { Bus } from '@circuit/shared/ports/bus';
import { CHECK_IN_COUNTS, CHECK_IN_WATCH, CheckInKindSchema, type CheckInCountsEvent } from '@circuit/shared/api/check-in';
import { CHECK_IN_COUNTS_TOPIC, CheckInMessages as M, checkInRoom } from '@circuit/shared/check-in/messages';
import { doorCounts, mayCheckIn } from '@circuit/shared/read-models/check-in';
import { emitTraced } from './traced-emit';

const Watch = z.object({ kind: CheckInKindSchema, listingId: z.string().regex(/^[0-9a-f-]{36}$/i) });
const Counts = z.object({ kind: CheckInKindSchema, listingId: z.string(), registered: z.number().int(), checkedIn: z.number().int() });
type Ack = (answer: { ok: true } | { ok: false; message: string }) => void;

/**
 * Live check-in counts (docs/day-of.md). A socket asks to watch a listing's door with
 * CHECK_IN_WATCH {kind, listingId}; it is let into the listing's room only when its user may check
 * people in there (organiser, admin, co-host), read from the read models on every ask, as the
 * community rooms are. It gets the counts at once, then each CHECK_IN_COUNTS the command service
 * publishes after a check-in or an undo.
 */
export function checkInRealtime(io: Server, knex: Knex) {
  function attach(socket: Socket, safely: (what: string, work: () => Promise<unknown>) => void) {
    const userId = socket.data.userId as string;
    socket.on(CHECK_IN_WATCH, (raw: unknown, ack?: unknown) => {
      const answer: Ack = (a) => void (typeof ack === 'function' && (ack as Ack)(a));
      const watch = Watch.safeParse(raw);
      if (!watch.success) return answer({ ok: false, message: M.listingNotFound });
      const { kind, listingId } = { kind: watch.data.kind, listingId: watch.data.listingId.toLowerCase() };
      safely('watch check-in', async () => {
        if (!(await mayCheckIn(knex, kind, listingId, userId))) return answer({ ok: false, message: M.notHost });
        await socket.join(checkInRoom(kind, listingId));
        answer({ ok: true });
        const counts: CheckInCountsEvent = { kind, listingId, ...(await doorCounts(knex, kind, listingId)) };
        socket.emit(CHECK_IN_COUNTS, counts);
      });
    });
  }

  function subscriptions(bus: Bus) {
    return [
      bus.subscribe(CHECK_IN_COUNTS_TOPIC, (payload) => {
        const parsed = Counts.safeParse(payload);
        if (!parsed.success) return;
        const counts: CheckInCountsEvent = parsed.data;
        const room = checkInRoom(counts.kind, counts.listingId);
        emitTraced(CHECK_IN_COUNTS, room, () => io.local.to(room).emit(CHECK_IN_COUNTS, counts));
      }),
    ];
  }

  return { attach, subscriptions };
}
