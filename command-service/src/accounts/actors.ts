import { type Role, reservationStream, userStream } from '@circuit/shared/events/accounts';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { ProfileFields } from '@circuit/shared/events/profiles';
import { userStandingStream } from '@circuit/shared/events/user-standing';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { StaffDirectory } from '@circuit/shared/admin/access';
import { loadFresh } from '@circuit/shared/commands/fresh-states';
import type { CoHostRole } from '@circuit/shared/events/check-in';
import { reservationDecider } from '../reservations/reservation-decider';

/**
 * Who a user is, as the write side decides with it: folded from the user's own streams, never from
 * the `users` read model (docs/decisions.md#d2-pure-deciders-one-stream-per-aggregate), so a
 * decision never waits on how far a projection has got. The account stream `user-<id>` holds the
 * registration (with the role given then) and the profile; `user-standing-<id>` holds the staff's
 * decisions (role changes, suspension). Both folds are kept per stream in memory (loadFresh): a
 * lookup reads at most the events appended since the last one, and while the command service
 * follows its feed, nothing until the feed or an append of this process shows a change.
 *
 *   await actorOf(deps.store, userId)           // { userId, role: 'admin' | 'moderator' | 'user' }: a listing's deciders
 *   await accountOf(deps.store, userId)         // the whole account (role, suspended, profile), or null when there is none
 *   await accountByUsername(deps.store, name)   // the same, by username (any case)
 *   await hasAccount(deps.store, userId)        // whether the user has an account now
 *   await hasRegistered(deps.store, userId)     // whether the id ever named somebody (a withdrawn sign-up too)
 */

/** The profile as its owner last saved it (the sign-up's names until they change them). */
export interface AccountProfile extends Omit<ProfileFields, 'mobile'> {
  username: string;
  email: string;
  /** null until the user gives one. */
  mobile: string | null;
  profilePicture: string | null;
}

export interface Account {
  userId: string;
  /** The role at registration, or the last a staff member gave. */
  role: Role;
  suspended: boolean;
  profile: AccountProfile;
}

/** The role a listing's, an announcement's or a quiz's decider knows: staff roles, everyone else a user. */
export type ActorRole = 'user' | 'moderator' | 'admin';
export interface Actor {
  userId: string;
  role: ActorRole;
  /** Their co-host role on the listing the command is about, when it has one (check-in/co-host-roles.ts). */
  coHost?: CoHostRole;
}

/** Platform staff: they moderate listings and communities. */
export const isStaff = (role: Role): role is 'admin' | 'moderator' => role === 'admin' || role === 'moderator';

type AccountFactsEvent = DomainEvent<'UserRegistered' | 'SignUpWithdrawn' | 'ProfileUpdated' | 'ProfilePictureChanged'>;
type StandingFactsEvent = DomainEvent<'UserRoleChanged' | 'UserSuspended' | 'UserReinstated'>;

interface AccountFacts {
  /** Registered and not withdrawn (a withdrawn sign-up is as if it never was, like its read-model row). */
  exists: boolean;
  /** Registered once, withdrawn or not. */
  registered: boolean;
  role: Role;
  profile: AccountProfile;
}

const noProfile = (): AccountProfile => ({
  username: '',
  email: '',
  firstName: '',
  lastName: '',
  bio: '',
  tagline: '',
  website: '',
  socialLinks: {},
  country: '',
  state: '',
  address: '',
  college: '',
  course: '',
  branch: '',
  collegeYear: '',
  skills: [],
  mobile: null,
  profilePicture: null,
});

/** Read-only folds (decide is never called), each cached per stream by the decider helpers. */
const accountFacts = {
  initialState: (): AccountFacts => ({ exists: false, registered: false, role: 'user', profile: noProfile() }),
  evolve(state: AccountFacts, event: AccountFactsEvent): AccountFacts {
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        return { exists: true, registered: true, role: d.role, profile: { ...noProfile(), username: d.username, email: d.email, firstName: d.firstName, lastName: d.lastName } };
      }
      case 'SignUpWithdrawn':
        return { ...accountFacts.initialState(), registered: true };
      case 'ProfileUpdated': {
        // Only the fields an update carried change, as in the users read model.
        const changes = Object.fromEntries(Object.entries(event.data.changes).filter(([, value]) => value !== undefined));
        return { ...state, profile: { ...state.profile, ...changes } };
      }
      case 'ProfilePictureChanged':
        return { ...state, profile: { ...state.profile, profilePicture: event.data.url } };
      default:
        // The account's other events (codes, sign-ins, passwords) say nothing of who the user is.
        return state;
    }
  },
  decide: (): never[] => [],
};

const standingFacts = {
  initialState: (): { role: Role | null; suspended: boolean } => ({ role: null, suspended: false }),
  evolve(state: { role: Role | null; suspended: boolean }, event: StandingFactsEvent) {
    switch (event.type) {
      case 'UserRoleChanged':
        return { ...state, role: event.data.role };
      case 'UserSuspended':
        return { ...state, suspended: true };
      case 'UserReinstated':
        return { ...state, suspended: false };
      default:
        return state;
    }
  },
  decide: (): never[] => [],
};

/** The user's account as its streams tell it now; null when there is none (never registered, or withdrawn). */
export async function accountOf(store: EventStore, userId: string): Promise<Account | null> {
  const [account, standing] = await Promise.all([loadFresh(store, userStream(userId), accountFacts), loadFresh(store, userStandingStream(userId), standingFacts)]);
  if (!account.exists) return null;
  return { userId, role: standing.role ?? account.role, suspended: standing.suspended, profile: account.profile };
}

/** The actor of a listing, announcement or quiz command: staff by their role, anyone else (an unknown id too) a user. */
export async function actorOf(store: EventStore, userId: string): Promise<Actor> {
  const account = await accountOf(store, userId);
  return { userId, role: account && isStaff(account.role) ? account.role : 'user' };
}

/** Whether the user has an account now (registered, not withdrawn): someone a message can go to. */
export async function hasAccount(store: EventStore, userId: string): Promise<boolean> {
  return (await loadFresh(store, userStream(userId), accountFacts)).exists;
}

/** Whether the user stream holds a registration (a sign-up withdrawn since included): a user id that names somebody. */
export async function hasRegistered(store: EventStore, userId: string): Promise<boolean> {
  return (await loadFresh(store, userStream(userId), accountFacts)).registered;
}

/** The account holding this username (any case), through its reservation stream; null when nobody's account does. */
export async function accountByUsername(store: EventStore, username: string): Promise<Account | null> {
  const { owner } = await loadFresh(store, reservationStream('username', username), reservationDecider);
  // A name is claimed just before its account opens: an owner whose sign-up died holds no account.
  return owner ? accountOf(store, owner) : null;
}

/**
 * The admin guard's directory on the command side: roles and suspension from the accounts'
 * streams. Whether someone is an organiser opens only GET routes (participant lists), which the
 * query side answers from the read models: `isOrganiser` comes from there too (the query client).
 */
export function staffDirectory(store: EventStore, isOrganiser: (userId: string) => Promise<boolean>): StaffDirectory {
  return {
    async memberOf(userId) {
      const account = await accountOf(store, userId);
      return account ? { id: userId, role: account.role, isActive: !account.suspended } : undefined;
    },
    isOrganiser,
  };
}
