import crypto from 'node:crypto';
import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { USERNAME_PATTERN } from '@circuit/shared/validation/hackathons';
import { actorOf as actorFromStreams } from '../accounts/actors';
import { hostActorOf } from '../check-in/co-host-roles';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { decidersOf, isLive, mayManage } from './listing-decider';
import { idFieldOf, type Actor, type ListingCommand, type ListingKind, type ListingState, type LiveListing } from './listing-kind';

const LISTING_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The listing as its stream tells it now (the initial state when there is none). */
export async function loadListing<P extends string, Content>(store: EventStore, kind: ListingKind<P, Content>, id: string): Promise<ListingState<Content>> {
  return (await loadState(store, kind.streams.listing(id), decidersOf(kind).listing)).state;
}

/** The listing of a path parameter: its id, or its username (through the username reservation). 404 when there is none. */
export async function findListingOf<P extends string, Content>(store: EventStore, kind: ListingKind<P, Content>, idOrUsername: string): Promise<ListingState<Content>> {
  if (!LISTING_ID.test(idOrUsername)) throw notFound(kind.messages.notFound);
  const byId = await loadListing(store, kind, idOrUsername);
  if (byId.exists) return byId;
  if (!kind.streams.slug || !USERNAME_PATTERN.test(idOrUsername)) throw notFound(kind.messages.notFound);
  const { holder } = (await loadState(store, kind.streams.slug(idOrUsername), decidersOf(kind).slug)).state;
  if (!holder) throw notFound(kind.messages.notFound);
  const listing = await loadListing(store, kind, holder);
  if (!listing.exists) throw notFound(kind.messages.notFound);
  return listing;
}

/**
 * The lifecycle use cases of one kind of listing; each answers after the read models include what it
 * appended. The kind's own service checks and shapes the content (its form's rules) and adds what
 * only it has.
 */
export function createListingService<P extends string, Content>(deps: CommandServiceDeps, kind: ListingKind<P, Content>) {
  const now = deps.now ?? (() => new Date());
  const deciders = decidersOf(kind);
  const idField = idFieldOf(kind);
  const command = (verb: string, id: string, actor: Actor, rest: object = {}) =>
    ({ type: `${verb}${kind.prefix}`, [idField]: id, actor, now: now(), ...rest }) as ListingCommand<P, Content>;

  const actorOf = (userId: string): Promise<Actor> => actorFromStreams(deps.store, userId);

  /** The actor with their co-host role on this listing: a manager edits it like its organiser. */
  const hostActor = (userId: string, id: string): Promise<Actor> => hostActorOf(deps.store, kind.coHostKind, id, userId);

  async function execute(verb: string, userId: string, id: string, ctx: CommandContext, rest?: object) {
    const result = await handleCommand(deps.store, kind.streams.listing(id), deciders.listing, command(verb, id, await hostActor(userId, id), rest), ctx, now);
    await caughtUp(deps.progress, result.position, result.events);
    return result.state;
  }

  const slug = (type: 'ReserveSlug' | 'ReleaseSlug', username: string, id: string, ctx: CommandContext) =>
    kind.streams.slug && handleCommand(deps.store, kind.streams.slug(username), deciders.slug, { type, slug: username, [idField]: id, now: now() } as Parameters<typeof deciders.slug.decide>[0], ctx, now);

  return {
    actorOf,
    hostActor,

    async create(userId: string, content: Content, ctx: CommandContext): Promise<{ id: string; state: ListingState<Content> }> {
      const id = crypto.randomUUID();
      const username = kind.username?.of(content);
      // Of two simultaneous creates with one username, the reservation's revision check lets one win.
      if (username !== undefined) await slug('ReserveSlug', username, id, ctx);
      try {
        return { id, state: await execute('Create', userId, id, ctx, { content }) };
      } catch (error) {
        if (username !== undefined) await slug('ReleaseSlug', username, id, ctx);
        throw error;
      }
    },
    /** The live listing, when this user may edit it: for a kind that answers who may edit before what is wrong with the edit. */
    async editable(userId: string, id: string): Promise<LiveListing<Content>> {
      const listing = await loadListing(deps.store, kind, id);
      if (!isLive(listing)) throw notFound(kind.messages.notFound);
      if (!mayManage(listing, await hostActor(userId, id))) throw forbidden(kind.messages.notAuthorizedEdit);
      return listing;
    },
    /** `edit` shapes the new content from what is stored (a locked field, a partial edit). */
    async update(userId: string, id: string, edit: (stored: ListingState<Content>) => Content, ctx: CommandContext) {
      const content = edit(await loadListing(deps.store, kind, id));
      return execute('Update', userId, id, ctx, { content });
    },
    async remove(userId: string, id: string, ctx: CommandContext) {
      const state = await execute('Delete', userId, id, ctx);
      if (kind.username && state.content) await slug('ReleaseSlug', kind.username.of(state.content), id, ctx);
      return state;
    },
    approve: (userId: string, id: string, ctx: CommandContext) => execute('Approve', userId, id, ctx),
    reject: (userId: string, id: string, reason: string, ctx: CommandContext) => execute('Reject', userId, id, ctx, { reason }),

    async save(userId: string, id: string, saved: boolean, ctx: CommandContext) {
      const listing = await loadListing(deps.store, kind, id);
      const available = listing.exists && !listing.deleted && listing.status === 'accepted';
      const save = { type: saved ? 'Save' : 'Unsave', [idField]: id, userId, available, now: now() } as Parameters<typeof deciders.save.decide>[0];
      const result = await handleCommand(deps.store, kind.streams.save(id, userId), deciders.save, save, ctx, now);
      await caughtUp(deps.progress, result.position, result.events);
    },
  };
}

export type ListingService<P extends string, Content> = ReturnType<typeof createListingService<P, Content>>;
