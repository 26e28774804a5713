import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { CommunityMessages as M, CommunityMessageText, COMMUNITY_REPLY_SNIPPET_LENGTH } from '@circuit/shared/api/community';
import { conflict, forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';

/**
 * Who moderates one hackathon's community and who was removed from it (stream
 * `community-<hackathonId>`). The organiser is always the first admin (never added, never removed);
 * a community admin adds and removes admins, removes users and re-adds them. Facts from other
 * streams (the organiser, the actor's platform role, whether the target is registered) come in the
 * command, read just before deciding.
 */
export interface CommunityState {
  admins: ReadonlySet<string>;
  removed: ReadonlySet<string>;
}

export type CommunityEvent = DomainEvent<'CommunityAdminAdded' | 'CommunityAdminRemoved' | 'CommunityUserRemoved' | 'CommunityUserReAdded'>;

interface Facts {
  hackathonId: string;
  /** The acting user. */
  by: string;
  /** The target. */
  userId: string;
  creatorId: string;
  /** The actor is a platform admin or moderator. */
  actorStaff: boolean;
  /** The target is registered for the hackathon. */
  targetRegistered: boolean;
  now: Date;
}

export type CommunityCommand =
  | ({ type: 'AddAdmin' } & Facts)
  | ({ type: 'RemoveAdmin' } & Facts)
  | ({ type: 'RemoveUser' } & Facts)
  | ({ type: 'ReAddUser' } & Facts);

const with_ = (set: ReadonlySet<string>, id: string) => new Set([...set, id]);
const without = (set: ReadonlySet<string>, id: string) => new Set([...set].filter((x) => x !== id));

export function evolveCommunity(state: CommunityState, event: CommunityEvent): CommunityState {
  switch (event.type) {
    case 'CommunityAdminAdded':
      return { ...state, admins: with_(state.admins, event.data.userId) };
    case 'CommunityAdminRemoved':
      return { ...state, admins: without(state.admins, event.data.userId) };
    case 'CommunityUserRemoved':
      return { ...state, removed: with_(state.removed, event.data.userId) };
    case 'CommunityUserReAdded':
      return { ...state, removed: without(state.removed, event.data.userId) };
  }
}

export function decideCommunity(command: CommunityCommand, state: CommunityState): CommunityEvent[] {
  const { hackathonId, by, userId } = command;
  const moderates = command.by === command.creatorId || command.actorStaff || (state.admins.has(by) && !state.removed.has(by));
  if (!moderates) throw forbidden(M.notModerator);
  const data = { hackathonId, userId, byUserId: by, at: command.now.toISOString() };
  const isOrganiser = userId === command.creatorId;
  switch (command.type) {
    case 'AddAdmin':
      if (isOrganiser || state.admins.has(userId)) throw conflict(isOrganiser ? M.organiserAlwaysAdmin : M.alreadyAdmin);
      if (!command.targetRegistered || state.removed.has(userId)) throw refused(M.adminMustBeParticipant);
      return [{ type: 'CommunityAdminAdded', data }];
    case 'RemoveAdmin':
      if (isOrganiser) throw conflict(M.organiserAlwaysAdmin);
      if (!state.admins.has(userId)) throw notFound(M.notAdmin);
      return [{ type: 'CommunityAdminRemoved', data }];
    case 'RemoveUser':
      if (userId === by) throw refused(M.removeSelf);
      if (isOrganiser) throw conflict(M.organiserCannotBeRemoved);
      if (state.admins.has(userId)) throw conflict(M.removeAdminFirst);
      if (state.removed.has(userId)) throw conflict(M.alreadyRemoved, { code: CommunityRefusal.alreadyRemoved });
      if (!command.targetRegistered) throw notFound(M.userNotFound);
      return [{ type: 'CommunityUserRemoved', data }];
    case 'ReAddUser':
      if (!state.removed.has(userId)) throw conflict(M.notRemoved);
      return [{ type: 'CommunityUserReAdded', data }];
  }
}

/** Names of the refusals callers react to: removing a member twice still tells their sockets to leave. */
export const CommunityRefusal = { alreadyRemoved: 'already_removed' } as const;

export const communityDecider: Decider<CommunityState, CommunityCommand, CommunityEvent> = {
  initialState: () => ({ admins: new Set(), removed: new Set() }),
  evolve: evolveCommunity,
  decide: decideCommunity,
};

/**
 * One community message (stream `community-message-<messageId>`): posted once, edited by its
 * author, deleted by its author or a community admin. The author's standing (member, removed,
 * moderator) and the replied message come in the command.
 */
export interface MessageState {
  exists: boolean;
  hackathonId: string;
  userId: string;
  message: string;
  replyTo: { _id: string; message: string; userId: string } | null;
  createdAt: string;
  edited: boolean;
  deleted: boolean;
}

export type MessageEvent = DomainEvent<'CommunityMessagePosted' | 'CommunityMessageEdited' | 'CommunityMessageDeleted'>;

/** The actor's standing in the message's community (community-standing.ts, from the streams that hold it). */
export interface Standing {
  member: boolean;
  removed: boolean;
  canModerate: boolean;
}

export type MessageCommand =
  | {
      type: 'PostMessage';
      hackathonId: string;
      messageId: string;
      by: string;
      text: string;
      standing: Standing;
      /** The replied message when it is live in this community; 'missing' when it is not. */
      replyTo: { _id: string; message: string; userId: string } | null | 'missing';
      now: Date;
    }
  | { type: 'EditMessage'; hackathonId: string; messageId: string; by: string; text: string; standing: Standing; now: Date }
  | { type: 'DeleteMessage'; hackathonId: string; messageId: string; by: string; standing: Standing; now: Date };

function requireStanding(standing: Standing) {
  if (standing.removed) throw forbidden(M.removed);
  if (!standing.member) throw forbidden(M.notMember);
}

export function evolveMessage(state: MessageState, event: MessageEvent): MessageState {
  switch (event.type) {
    case 'CommunityMessagePosted':
      return {
        exists: true,
        hackathonId: event.data.hackathonId,
        userId: event.data.userId,
        message: event.data.message,
        replyTo: event.data.replyTo,
        createdAt: event.data.at,
        edited: false,
        deleted: false,
      };
    case 'CommunityMessageEdited':
      return { ...state, message: event.data.message, edited: true };
    case 'CommunityMessageDeleted':
      return { ...state, deleted: true };
  }
}

export function decideMessage(command: MessageCommand, state: MessageState): MessageEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'PostMessage': {
      // A repeated post (the same client message id): the message is already stored.
      if (state.exists) return [];
      requireStanding(command.standing);
      const message = CommunityMessageText.parse(command.text);
      if (command.replyTo === 'missing') throw notFound(M.replyMissing);
      const replyTo = command.replyTo ? { ...command.replyTo, message: command.replyTo.message.slice(0, COMMUNITY_REPLY_SNIPPET_LENGTH) } : null;
      return [{ type: 'CommunityMessagePosted', data: { hackathonId: command.hackathonId, messageId: command.messageId, userId: command.by, message, replyTo, at } }];
    }
    case 'EditMessage': {
      if (!state.exists || state.deleted || state.hackathonId !== command.hackathonId) throw notFound(M.messageNotFound);
      requireStanding(command.standing);
      if (state.userId !== command.by) throw forbidden(M.notAuthorEdit);
      const message = CommunityMessageText.parse(command.text);
      if (message === state.message) return [];
      return [{ type: 'CommunityMessageEdited', data: { hackathonId: state.hackathonId, messageId: command.messageId, userId: command.by, message, at } }];
    }
    case 'DeleteMessage': {
      if (!state.exists || state.deleted || state.hackathonId !== command.hackathonId) throw notFound(M.messageNotFound);
      requireStanding(command.standing);
      if (state.userId !== command.by && !command.standing.canModerate) throw forbidden(M.notAuthorDelete);
      return [{ type: 'CommunityMessageDeleted', data: { hackathonId: state.hackathonId, messageId: command.messageId, byUserId: command.by, at } }];
    }
  }
}

export const messageDecider: Decider<MessageState, MessageCommand, MessageEvent> = {
  initialState: () => ({ exists: false, hackathonId: '', userId: '', message: '', replyTo: null, createdAt: '', edited: false, deleted: false }),
  evolve: evolveMessage,
  decide: decideMessage,
};
