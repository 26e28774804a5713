import type { Knex } from 'knex';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import type { Bus } from '@circuit/shared/ports/bus';
import { COMMUNITY_TOPIC, communityRoom } from '@circuit/shared/events/community';
import { CommunityMessages } from '@circuit/shared/api/community';
import { findCommunityAccess } from '@circuit/shared/read-models/community';
import type { CommunityErrorEvent, CommunityJoinAnswer } from '@circuit/shared/realtime/community-events';
import { RecentIds } from './recent-ids';
import { PacedRoomPosts } from './paced-room-posts';
import { emitTraced } from './traced-emit';

const HackathonId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);
const Message = z.object({ _id: z.string() }).passthrough();
const Change = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('posted'), hackathonId: z.string(), message: Message }),
  z.object({ kind: z.literal('updated'), hackathonId: z.string(), message: Message }),
  z.object({ kind: z.literal('deleted'), hackathonId: z.string(), messageId: z.string() }),
  z.object({ kind: z.literal('userRemoved'), hackathonId: z.string(), userId: z.string() }),
  z.object({ kind: z.literal('recheck'), hackathonId: z.string(), userId: z.string() }),
]);

export const NOT_IN_ROOM = 'You are not in this community chat';
/**
 * A retried post (its answer was lost) announces its message again, in case the first
 * announcement was lost too; retries come within seconds or minutes, and a busy room posts a few
 * hundred messages a second.
 */
const POSTED_REMEMBERED = 50_000;
const POSTED_REMEMBERED_MS = 10 * 60_000;
/**
 * A busy room hands its new messages out at most this often (see PacedRoomPosts; config
 * COMMUNITY_ROOM_PACE_MS): 40 hand-outs a second at most, each message waiting 25 ms at most,
 * well inside the room's 100 ms delivery budget.
 */
export const ROOM_POSTS_INTERVAL_MS = 25;

/**
 * The hackathon community rooms (spec 2 section 7, "Realtime"). A socket joins with
 * `join_community` (hackathon id) and leaves with `leave_community`; the membership is read from
 * the read models on every such event, never remembered. A socket event about a room the user may
 * not be in gets `community_error`. Posts, edits and deletions arrive from the command service on
 * the bus, and each instance hands them to its own sockets in the room; a removal makes the
 * removed user's sockets on this instance leave the room before anything later is handed out.
 */
export function communityRealtime(io: Server, knex: Knex, options: { roomPostsIntervalMs?: number } = {}) {
  const roomsOf = (userId: string) => io.local.in(userId);
  /** Messages this instance handed to its rooms lately: each reaches the sockets once. */
  const posted = new RecentIds({ capacity: POSTED_REMEMBERED, ttlMs: POSTED_REMEMBERED_MS });
  const paced = new PacedRoomPosts((room, messages) => {
    const sockets = io.local.to(room);
    for (const message of messages) sockets.emit('new_community_message', message);
  }, options.roomPostsIntervalMs ?? ROOM_POSTS_INTERVAL_MS);

  function attach(socket: Socket, safely: (what: string, work: () => Promise<unknown>) => void) {
    const userId = socket.data.userId as string;
    const refuse = (hackathonId: string, message: string, ack: unknown) => {
      const error: CommunityErrorEvent = { hackathonId, message };
      socket.emit('community_error', error);
      if (typeof ack === 'function') (ack as (a: CommunityJoinAnswer) => void)({ ok: false, message });
    };

    socket.on('join_community', (raw: unknown, ack?: unknown) => {
      const id = HackathonId.safeParse(raw);
      if (!id.success) return refuse(String(raw ?? '').slice(0, 100), CommunityMessages.notFound, ack);
      safely('join community', async () => {
        const access = await findCommunityAccess(knex, id.data, userId);
        if (!access) return refuse(id.data, CommunityMessages.notFound, ack);
        if (!access.member) return refuse(id.data, access.removed ? CommunityMessages.removed : CommunityMessages.notMember, ack);
        const room = communityRoom(access.hackathonId);
        await socket.join(room);
        // A removal that landed between the check and the join: its bus message found no socket in the room.
        const again = await findCommunityAccess(knex, access.hackathonId, userId);
        if (!again?.member) {
          await socket.leave(room);
          return refuse(id.data, again?.removed ? CommunityMessages.removed : CommunityMessages.notMember, ack);
        }
        if (typeof ack === 'function') (ack as (a: CommunityJoinAnswer) => void)({ ok: true, hackathonId: access.hackathonId });
      });
    });

    socket.on('leave_community', (raw: unknown, ack?: unknown) => {
      const parsed = HackathonId.safeParse(raw);
      const hackathonId = parsed.success ? parsed.data : '';
      const room = communityRoom(hackathonId);
      if (!parsed.success || !socket.rooms.has(room)) return refuse(hackathonId, NOT_IN_ROOM, ack);
      void socket.leave(room);
      if (typeof ack === 'function') (ack as (a: CommunityJoinAnswer) => void)({ ok: true, hackathonId });
    });
  }

  /** Sockets of a user whose standing changed leave the room when they may no longer read it. */
  async function recheck(hackathonId: string, userId: string) {
    const access = await findCommunityAccess(knex, hackathonId, userId);
    if (access?.member) return;
    roomsOf(userId).socketsLeave(communityRoom(hackathonId));
    const gone: CommunityErrorEvent = { hackathonId, message: access?.removed ? CommunityMessages.removed : CommunityMessages.notMember };
    roomsOf(userId).emit('community_removed', gone);
  }

  function subscriptions(bus: Bus) {
    return [
      // One topic, in publish order: a removal is handled before anything posted after it.
      bus.subscribe(COMMUNITY_TOPIC, (payload) => {
        const parsed = Change.safeParse(payload);
        if (!parsed.success) return;
        const change = parsed.data;
        const roomName = communityRoom(change.hackathonId);
        if (change.kind === 'posted') {
          if (posted.firstTime(change.message._id)) paced.post(roomName, change.message);
          return;
        }
        // Every other change reaches the sockets after the posts announced before it.
        paced.flush(roomName);
        const room = io.local.to(roomName);
        switch (change.kind) {
          case 'updated':
            return emitTraced('community_message_updated', roomName, () => room.emit('community_message_updated', change.message));
          case 'deleted':
            return emitTraced('community_message_deleted', roomName, () => room.emit('community_message_deleted', change.messageId));
          case 'userRemoved': {
            // Synchronous with the in-memory adapter: done before the next change is handled.
            roomsOf(change.userId).socketsLeave(communityRoom(change.hackathonId));
            const removed: CommunityErrorEvent = { hackathonId: change.hackathonId, message: CommunityMessages.removed };
            return emitTraced('community_removed', change.userId, () => roomsOf(change.userId).emit('community_removed', removed));
          }
          case 'recheck':
            return recheck(change.hackathonId, change.userId);
        }
      }),
    ];
  }

  return { attach, subscriptions };
}
