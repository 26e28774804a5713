import { handleCommand, type CommandContext } from '@circuit/shared/commands/decider';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import type { CheckInCounts, CheckInRole, CoHostRemoved, CoHostView, Scan, ScanAnswer, ScanResult } from '@circuit/shared/api/check-in';
import { CHECK_IN_COUNTS_TOPIC, CheckInMessages as M, timeOfDay } from '@circuit/shared/check-in/messages';
import { checkInStream, coHostStream, type CheckInKind, type CoHostRole } from '@circuit/shared/events/check-in';
import type { TicketKeys } from '@circuit/shared/tickets/ticket-keys';
import type { CommandServiceDeps } from '../context';
import { accountByUsername, accountOf, actorOf } from '../accounts/actors';
import { caughtUp } from '../http/read-your-writes';
import { assertCoHostManager, coHostDecider } from './co-host-decider';
import { checkInDecider, countsOf, verdictOf, type CheckInCommand, type CheckInState, type CheckedScan, type Verdict } from './check-in-decider';
import { doorOf, type DoorFacts } from './door';
import { hostedListingOf, hostRoleOf, loadHostedListing } from './listing-hosts';

type Omitted<C> = C extends unknown ? Omit<C, 'door' | 'now'> : never;

const nameOf = (profile: { firstName: string; lastName: string; username: string }) => `${profile.firstName} ${profile.lastName}`.trim() || profile.username;

/** Co-hosts and check-in use cases (docs/day-of.md): co-host changes and undos answer after the read models include them, scans from the check-in stream. */
export function createCheckInService(deps: CommandServiceDeps, keys: TicketKeys) {
  const now = deps.now ?? (() => new Date());

  async function coHost(userId: string, kind: CheckInKind, listingId: string, username: string) {
    const listing = hostedListingOf(kind, await loadHostedListing(deps.store, kind, listingId));
    const actor = await actorOf(deps.store, userId);
    // Who may manage co-hosts is answered before whether the username exists: nobody else learns who has an account.
    assertCoHostManager(listing, actor);
    const account = await accountByUsername(deps.store, username);
    if (!account) throw notFound(M.unknownUser);
    return { listing, actor, account };
  }

  /**
   * `readYourWrites`: whether the answer waits for the read models. A scan's answer is the stream's own
   * (results and counts) and the check-in screen reads nothing after it, so a scan does not wait: at a
   * busy door that wait would be most of its time (docs/day-of.md). An undo waits, as other commands do.
   */
  async function executeCheckIn(facts: DoorFacts, command: Omitted<CheckInCommand>, ctx: CommandContext, readYourWrites: boolean): Promise<CheckInState> {
    const { door } = facts;
    const full = { ...command, door, now: now() } as CheckInCommand;
    const result = await handleCommand(deps.store, checkInStream(door.kind, door.listingId), checkInDecider, full, ctx, now);
    if (result.events.length > 0) {
      await deps.bus.publish(CHECK_IN_COUNTS_TOPIC, { kind: door.kind, listingId: door.listingId, ...countsOf(door, result.state) });
      if (readYourWrites) await caughtUp(deps.progress, result.position, result.events);
    }
    return result.state;
  }

  /**
   * Scans of one door in this process go in turn, and those that arrive while an append is on its
   * way go together in the next: at a busy door the devices' scans share appends instead of spending
   * retries on each other's revisions. Each caller was let in at the door before joining.
   */
  const waiting = new Map<string, { facts: DoorFacts; role: CheckInRole; ctx: CommandContext; scans: CheckedScan[]; callers: { resolve(state: CheckInState): void; reject(error: unknown): void }[] }>();
  const appending = new Set<string>();

  function inTurn(facts: DoorFacts, scans: CheckedScan[], role: CheckInRole, ctx: CommandContext): Promise<CheckInState> {
    const key = checkInStream(facts.door.kind, facts.door.listingId);
    return new Promise((resolve, reject) => {
      const batch = waiting.get(key);
      // The latest door (its holders) decides the whole batch.
      if (batch) Object.assign(batch, { facts, scans: [...batch.scans, ...scans], callers: [...batch.callers, { resolve, reject }] });
      else waiting.set(key, { facts, role, ctx, scans, callers: [{ resolve, reject }] });
      void next(key);
    });
  }

  async function next(key: string): Promise<void> {
    const batch = waiting.get(key);
    if (appending.has(key) || !batch) return;
    waiting.delete(key);
    appending.add(key);
    try {
      const state = await executeCheckIn(batch.facts, { type: 'RecordScans', scans: batch.scans, role: batch.role, actorId: batch.ctx.userId ?? '' }, batch.ctx, false);
      for (const caller of batch.callers) caller.resolve(state);
    } catch (error) {
      for (const caller of batch.callers) caller.reject(error);
    } finally {
      appending.delete(key);
      void next(key);
    }
  }

  /** The standing of the caller at the door, refused before anything else is looked at. */
  async function atDoor(userId: string, kind: CheckInKind, listingId: string) {
    const facts = await doorOf(deps.store, kind, listingId);
    const role = await hostRoleOf(deps.store, kind, facts.listing, userId);
    if (!role) throw forbidden(M.notHost);
    return { facts, role };
  }

  /** Names for one answer, each looked up once: a batch names the same checker many times. */
  function people() {
    const found = new Map<string, Promise<{ name: string; username: string } | null>>();
    return (userId: string) => {
      let one = found.get(userId);
      if (!one) found.set(userId, (one = accountOf(deps.store, userId).then((a) => (a ? { name: nameOf(a.profile), username: a.profile.username } : null))));
      return one;
    };
  }

  async function resultOf(scan: CheckedScan, verdict: Verdict, timeZone: string, person: ReturnType<typeof people>): Promise<ScanResult> {
    const who = verdict.attendeeId ? await person(verdict.attendeeId) : null;
    // A ticket names its holder as they registered: the door says the name printed on it.
    const onTicket = scan.method === 'ticket' && scan.ticket?.u === verdict.attendeeId ? scan.ticket.n : null;
    const attendee = verdict.attendeeId && (who || onTicket) ? { userId: verdict.attendeeId, name: onTicket || who?.name || '', username: who?.username ?? '' } : null;
    const name = attendee?.name ?? '';
    if (verdict.outcome === 'refused' || verdict.outcome === 'new') {
      const reason = verdict.outcome === 'new' ? 'no_place' : verdict.reason;
      const message = { invalid: M.invalidTicket, other_listing: M.otherListing, no_place: M.noRegistration, no_attendee: M.noAttendee }[reason];
      return { scanId: scan.scanId, outcome: 'refused', attendee, checkedInAt: null, checkedInBy: null, message };
    }
    const by = (await person(verdict.record.byUserId))?.username ?? '';
    const message = verdict.outcome === 'checked_in' ? M.checkedIn(name) : M.alreadyCheckedIn(timeOfDay(verdict.record.at, timeZone), by);
    return { scanId: scan.scanId, outcome: verdict.outcome, attendee, checkedInAt: verdict.record.at, checkedInBy: by, message };
  }

  return {
    async setCoHost(userId: string, kind: CheckInKind, listingId: string, username: string, role: CoHostRole, ctx: CommandContext): Promise<CoHostView> {
      const { listing, actor, account } = await coHost(userId, kind, listingId, username);
      const result = await handleCommand(deps.store, coHostStream(kind, listing.listingId), coHostDecider, { type: 'SetCoHost', listing, actor, userId: account.userId, role, now: now() }, ctx, now);
      await caughtUp(deps.progress, result.position, result.events);
      return { userId: account.userId, username: account.profile.username, name: nameOf(account.profile), role };
    },

    async removeCoHost(userId: string, kind: CheckInKind, listingId: string, username: string, ctx: CommandContext): Promise<CoHostRemoved> {
      const { listing, actor, account } = await coHost(userId, kind, listingId, username);
      const command = { type: 'RemoveCoHost' as const, listing, actor, userId: account.userId, username: account.profile.username, now: now() };
      const result = await handleCommand(deps.store, coHostStream(kind, listing.listingId), coHostDecider, command, ctx, now);
      await caughtUp(deps.progress, result.position, result.events);
      return { userId: account.userId, username: account.profile.username };
    },

    async scan(userId: string, kind: CheckInKind, listingId: string, scans: readonly Scan[], ctx: CommandContext): Promise<ScanAnswer> {
      const { facts, role } = await atDoor(userId, kind, listingId);
      // Signatures are checked here, once: the decider gets each ticket's payload, or null for one that is not valid.
      const by = { byUserId: userId };
      const checked: CheckedScan[] = scans.map((s) =>
        s.token !== undefined ? { scanId: s.scanId, scannedAt: s.scannedAt, ...by, method: 'ticket', ticket: keys.verify(s.token) } : { scanId: s.scanId, scannedAt: s.scannedAt, ...by, method: 'search', attendeeId: s.attendeeId ?? '' },
      );
      const state = await inTurn(facts, checked, role, ctx);
      const person = people();
      const results = await Promise.all(checked.map((scan) => resultOf(scan, verdictOf(scan, facts.door, state), facts.timeZone, person)));
      return { results, counts: countsOf(facts.door, state) };
    },

    async undo(userId: string, kind: CheckInKind, listingId: string, attendeeId: string, ctx: CommandContext): Promise<{ userId: string; counts: CheckInCounts }> {
      const { facts, role } = await atDoor(userId, kind, listingId);
      const state = await executeCheckIn(facts, { type: 'UndoCheckIn', attendeeId, role, actorId: userId }, ctx, true);
      return { userId: attendeeId, counts: countsOf(facts.door, state) };
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
