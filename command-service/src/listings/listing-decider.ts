import type { Decider } from '@circuit/shared/commands/decider';
import { conflict, forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import type { Actor, ListingCommand, ListingEvent, ListingKind, ListingState, LiveListing, SaveEvent, SlugEvent } from './listing-kind';

/**
 * One lifecycle for every kind of listing, on `<kind>-<id>` (docs/architecture.md#listings): created
 * pending, edited by its creator or an admin (an edit of a rejected listing sends it back to review),
 * approved or rejected with a reason by a moderator or admin (a rejection stands until the next edit),
 * featured by an admin, deleted by its creator or an admin. The content arrives checked and sanitised
 * by the kind's service; this decides who may do what, and when.
 */
type Verb = 'Create' | 'Update' | 'Delete' | 'Approve' | 'Reject' | 'Feature';
type Happening = 'Created' | 'Updated' | 'Deleted' | 'Approved' | 'Rejected' | 'FeatureChanged';

/** The fields of the lifecycle events' data that the fold reads (the catalogue checks the rest on append). */
interface LifecycleData<Content> {
  createdBy?: string;
  content?: Content;
  isFeatured?: boolean;
}

export const isStaff = (actor: Actor) => actor.role === 'moderator' || actor.role === 'admin';
export const mayManage = (state: ListingState<unknown>, actor: Actor) => state.createdBy === actor.userId || actor.role === 'admin';

export const initialListingState = <Content>(): ListingState<Content> => ({
  id: '',
  exists: false,
  deleted: false,
  createdBy: '',
  status: 'pending',
  content: null,
  isFeatured: false,
});

/** Whether a listing exists, is not deleted and has its content. */
export const isLive = <Content>(state: ListingState<Content>): state is LiveListing<Content> => state.exists && !state.deleted && state.content !== null;

export function listingDecider<P extends string, Content>(kind: ListingKind<P, Content>): Decider<ListingState<Content>, ListingCommand<P, Content>, ListingEvent<P>> {
  const happening = (type: string) => type.slice(kind.prefix.length) as Happening;
  const verb = (type: string) => type.slice(0, type.length - kind.prefix.length) as Verb;
  const event = (what: Happening, data: Record<string, unknown>) => ({ type: `${kind.prefix}${what}`, data }) as ListingEvent<P>;
  const M = kind.messages;

  function live(state: ListingState<Content>): asserts state is LiveListing<Content> {
    if (!isLive(state)) throw notFound(M.notFound);
  }

  return {
    initialState: initialListingState,
    evolve(state, stored) {
      const data = stored.data as LifecycleData<Content> & Record<string, unknown>;
      switch (happening(stored.type)) {
        case 'Created':
          return { ...state, id: String(data[kind.idField]), exists: true, createdBy: data.createdBy ?? '', status: 'pending', content: data.content ?? null };
        case 'Updated':
          return { ...state, content: data.content ?? state.content, status: state.status === 'rejected' ? 'pending' : state.status };
        case 'Deleted':
          return { ...state, deleted: true };
        case 'Approved':
          return { ...state, status: 'accepted' };
        case 'Rejected':
          return { ...state, status: 'rejected' };
        case 'FeatureChanged':
          return { ...state, isFeatured: data.isFeatured === true };
        default:
          return state;
      }
    },
    decide(command, state) {
      const at = command.now.toISOString();
      const ids = { [kind.idField]: (command as unknown as Record<string, string>)[kind.idField] };
      const by = { ...ids, at, byUserId: command.actor.userId };
      switch (verb(command.type)) {
        case 'Create': {
          if (state.exists) throw conflict(`This ${kind.noun} exists already`);
          const { content } = command as { content: Content };
          return [event('Created', { ...ids, createdBy: command.actor.userId, content, at })];
        }
        case 'Update': {
          live(state);
          if (!mayManage(state, command.actor)) throw forbidden(M.notAuthorizedEdit);
          const { content } = command as { content: Content };
          return [event('Updated', { ...by, content: kind.keepOnEdit(state.content, content) })];
        }
        case 'Delete':
          live(state);
          if (!mayManage(state, command.actor)) throw forbidden(M.notAuthorizedDelete);
          return [event('Deleted', by)];
        case 'Approve':
          live(state);
          if (!isStaff(command.actor)) throw forbidden(M.notStaff);
          if (state.status === 'accepted') return [];
          if (state.status === 'rejected') throw conflict(M.approveRejected);
          return [event('Approved', by)];
        case 'Reject':
          live(state);
          if (!isStaff(command.actor)) throw forbidden(M.notStaff);
          return [event('Rejected', { ...by, reason: (command as { reason: string }).reason })];
        case 'Feature': {
          live(state);
          if (!kind.featurable || command.actor.role !== 'admin') throw forbidden(M.notAdmin);
          const { isFeatured } = command as { isFeatured: boolean };
          if (state.isFeatured === isFeatured) return [];
          return [event('FeatureChanged', { ...by, isFeatured })];
        }
      }
    },
  };
}

export type SlugCommand<I extends string> = { type: 'ReserveSlug' | 'ReleaseSlug'; slug: string; now: Date } & { [K in I]: string };

/** The username reservation `<kind>-slug-<username>`: held by one listing at a time. */
export function slugDecider<P extends string, Content>(kind: ListingKind<P, Content>): Decider<{ holder: string | null }, SlugCommand<ListingKind<P, Content>['idField']>, SlugEvent<P>> {
  const usernameTaken = kind.messages.usernameTaken ?? 'Username already taken';
  const stored = (username: string) => kind.slug?.stored(username) ?? username;
  return {
    initialState: () => ({ holder: null }),
    evolve(state, event) {
      const holder = String((event.data as Record<string, unknown>)[kind.idField]);
      if (event.type.endsWith('Reserved')) return { holder };
      return state.holder === holder ? { holder: null } : state;
    },
    decide(command, state) {
      const id = (command as unknown as Record<string, string>)[kind.idField]!;
      const data = { slug: stored(command.slug), [kind.idField]: id, at: command.now.toISOString() };
      if (command.type === 'ReserveSlug') {
        if (state.holder === id) return [];
        if (state.holder) throw conflict(usernameTaken);
        return [{ type: `${kind.prefix}SlugReserved`, data } as SlugEvent<P>];
      }
      return state.holder === id ? [{ type: `${kind.prefix}SlugReleased`, data } as SlugEvent<P>] : [];
    },
  };
}

export type SaveCommand<I extends string> = { type: 'Save' | 'Unsave'; userId: string; available: boolean; now: Date } & { [K in I]: string };

/** A user's save of a listing, `<kind>-save-<id>-<user>`: saving twice records nothing. */
export function saveDecider<P extends string, Content>(kind: ListingKind<P, Content>): Decider<{ saved: boolean }, SaveCommand<ListingKind<P, Content>['idField']>, SaveEvent<P>> {
  return {
    initialState: () => ({ saved: false }),
    evolve: (_state, event) => ({ saved: event.type === `${kind.prefix}Saved` }),
    decide(command, state) {
      const data = { [kind.idField]: (command as unknown as Record<string, string>)[kind.idField], userId: command.userId, at: command.now.toISOString() };
      if (command.type === 'Save') {
        if (!command.available) throw notFound(kind.messages.notFound);
        return state.saved ? [] : [{ type: `${kind.prefix}Saved`, data } as SaveEvent<P>];
      }
      return state.saved ? [{ type: `${kind.prefix}Unsaved`, data } as SaveEvent<P>] : [];
    },
  };
}

const decidersByKind = new WeakMap<object, unknown>();

/** A kind's deciders, made once, so that every caller shares the folded-state cache of their streams. */
export function decidersOf<P extends string, Content>(kind: ListingKind<P, Content>) {
  type Deciders = { listing: ReturnType<typeof listingDecider<P, Content>>; slug: ReturnType<typeof slugDecider<P, Content>>; save: ReturnType<typeof saveDecider<P, Content>> };
  let deciders = decidersByKind.get(kind) as Deciders | undefined;
  if (!deciders) decidersByKind.set(kind, (deciders = { listing: listingDecider(kind), slug: slugDecider(kind), save: saveDecider(kind) }));
  return deciders;
}
