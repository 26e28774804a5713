import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { given } from '@circuit/shared/testkit/given-when-then';
import { COMMUNITY_MESSAGE_MAX_LENGTH, COMMUNITY_REPLY_SNIPPET_LENGTH, CommunityMessages as M } from '@circuit/shared/api/community';
import { communityDecider, messageDecider, type CommunityCommand, type CommunityEvent, type MessageCommand, type MessageEvent, type Standing } from './community-decider';

const now = new Date('2026-11-25T10:00:00Z');
const at = now.toISOString();
const H = 'hack-1';
const ORGANISER = 'organiser';
const ANA = 'ana';
const BEN = 'ben';

const member: Standing = { member: true, removed: false, canModerate: false };
const moderator: Standing = { member: true, removed: false, canModerate: true };

const posted = (userId = ANA, message = 'hello', messageId = 'm1'): MessageEvent => ({
  type: 'CommunityMessagePosted',
  data: { hackathonId: H, messageId, userId, message, replyTo: null, at },
});
const post = (overrides: Partial<Extract<MessageCommand, { type: 'PostMessage' }>> = {}): MessageCommand => ({
  type: 'PostMessage',
  hackathonId: H,
  messageId: 'm1',
  by: ANA,
  text: '  hello  ',
  standing: member,
  replyTo: null,
  now,
  ...overrides,
});
const edit = (overrides: Partial<Extract<MessageCommand, { type: 'EditMessage' }>> = {}): MessageCommand => ({
  type: 'EditMessage',
  hackathonId: H,
  messageId: 'm1',
  by: ANA,
  text: 'hello again',
  standing: member,
  now,
  ...overrides,
});
const del = (overrides: Partial<Extract<MessageCommand, { type: 'DeleteMessage' }>> = {}): MessageCommand => ({
  type: 'DeleteMessage',
  hackathonId: H,
  messageId: 'm1',
  by: ANA,
  standing: member,
  now,
  ...overrides,
});

describe('community message decider', () => {
  it('posts a trimmed message once: a repeat of the same message id appends nothing', () => {
    given(messageDecider).when(post()).then([posted(ANA, 'hello')]);
    given(messageDecider, [posted()]).when(post()).then([]);
  });

  it('keeps a snippet of the replied message', () => {
    const long = 'x'.repeat(COMMUNITY_REPLY_SNIPPET_LENGTH + 50);
    const [event] = given(messageDecider).when(post({ replyTo: { _id: 'm0', message: long, userId: BEN } })).events();
    expect(event).toMatchObject({ data: { replyTo: { _id: 'm0', userId: BEN, message: 'x'.repeat(COMMUNITY_REPLY_SNIPPET_LENGTH) } } });
  });

  it('refuses non-members, removed users, a reply to a missing message, blank and over-long text', () => {
    given(messageDecider).when(post({ standing: { member: false, removed: false, canModerate: false } })).thenThrows('forbidden', M.notMember);
    given(messageDecider).when(post({ standing: { member: false, removed: true, canModerate: false } })).thenThrows('forbidden', M.removed);
    given(messageDecider).when(post({ replyTo: 'missing' })).thenThrows('not_found', M.replyMissing);
    expect(() => messageDecider.decide(post({ text: '   \n ' }), messageDecider.initialState())).toThrow(ZodError);
    expect(() => messageDecider.decide(post({ text: '   ' }), messageDecider.initialState())).toThrow(M.empty);
    expect(() => messageDecider.decide(post({ text: 'a'.repeat(COMMUNITY_MESSAGE_MAX_LENGTH + 1) }), messageDecider.initialState())).toThrow(M.tooLong);
    given(messageDecider).when(post({ text: 'a'.repeat(COMMUNITY_MESSAGE_MAX_LENGTH) })).then((events) => expect(events).toHaveLength(1));
  });

  it('lets the author edit (marking it edited), and nobody else', () => {
    const events = given(messageDecider, [posted()]).when(edit()).then([
      { type: 'CommunityMessageEdited', data: { hackathonId: H, messageId: 'm1', userId: ANA, message: 'hello again', at } },
    ]);
    expect(messageDecider.evolve(given(messageDecider, [posted()]).state(), events[0]!)).toMatchObject({ message: 'hello again', edited: true });
    given(messageDecider, [posted()]).when(edit({ by: BEN })).thenThrows('forbidden', M.notAuthorEdit);
    // Not even a community admin edits someone else's words.
    given(messageDecider, [posted()]).when(edit({ by: BEN, standing: moderator })).thenThrows('forbidden', M.notAuthorEdit);
    given(messageDecider, [posted()]).when(edit({ standing: { member: false, removed: true, canModerate: false } })).thenThrows('forbidden', M.removed);
    given(messageDecider, [posted()]).when(edit({ text: 'hello' })).then([]);
    given(messageDecider).when(edit()).thenThrows('not_found', M.messageNotFound);
    given(messageDecider, [posted()]).when(edit({ hackathonId: 'other' })).thenThrows('not_found', M.messageNotFound);
  });

  it('lets the author or a community admin delete, once', () => {
    const deleted: MessageEvent = { type: 'CommunityMessageDeleted', data: { hackathonId: H, messageId: 'm1', byUserId: ANA, at } };
    given(messageDecider, [posted()]).when(del()).then([deleted]);
    given(messageDecider, [posted()]).when(del({ by: ORGANISER, standing: moderator })).then([{ ...deleted, data: { ...deleted.data, byUserId: ORGANISER } }] as MessageEvent[]);
    given(messageDecider, [posted()]).when(del({ by: BEN })).thenThrows('forbidden', M.notAuthorDelete);
    given(messageDecider, [posted(), deleted]).when(del()).thenThrows('not_found', M.messageNotFound);
    given(messageDecider, [posted(), deleted]).when(edit()).thenThrows('not_found', M.messageNotFound);
  });
});

const facts = (type: CommunityCommand['type'], overrides: Partial<CommunityCommand> = {}): CommunityCommand =>
  ({ type, hackathonId: H, by: ORGANISER, userId: ANA, creatorId: ORGANISER, actorStaff: false, targetRegistered: true, now, ...overrides }) as CommunityCommand;
const event = (type: CommunityEvent['type'], userId = ANA, by = ORGANISER): CommunityEvent => ({ type, data: { hackathonId: H, userId, byUserId: by, at } }) as CommunityEvent;

describe('community moderation decider', () => {
  it('lets the organiser add an admin, who may then moderate', () => {
    given(communityDecider).when(facts('AddAdmin')).then([event('CommunityAdminAdded')]);
    given(communityDecider, [event('CommunityAdminAdded')]).when(facts('RemoveUser', { by: ANA, userId: BEN })).then([event('CommunityUserRemoved', BEN, ANA)]);
  });

  it('lets platform staff moderate, and refuses everyone else', () => {
    given(communityDecider).when(facts('RemoveUser', { by: 'staff', actorStaff: true })).then([event('CommunityUserRemoved', ANA, 'staff')]);
    given(communityDecider).when(facts('RemoveUser', { by: BEN })).thenThrows('forbidden', M.notModerator);
    given(communityDecider).when(facts('AddAdmin', { by: BEN, userId: BEN })).thenThrows('forbidden', M.notModerator);
    given(communityDecider, [event('CommunityAdminAdded'), event('CommunityAdminRemoved')]).when(facts('RemoveUser', { by: ANA, userId: BEN })).thenThrows('forbidden', M.notModerator);
  });

  it('keeps the organiser an admin who cannot be removed', () => {
    given(communityDecider).when(facts('AddAdmin', { userId: ORGANISER })).thenThrows('conflict', M.organiserAlwaysAdmin);
    given(communityDecider).when(facts('RemoveAdmin', { userId: ORGANISER })).thenThrows('conflict', M.organiserAlwaysAdmin);
    given(communityDecider, [event('CommunityAdminAdded')]).when(facts('RemoveUser', { by: ANA, userId: ORGANISER })).thenThrows('conflict', M.organiserCannotBeRemoved);
  });

  it('refuses to add an unregistered or removed user, or an admin twice', () => {
    given(communityDecider).when(facts('AddAdmin', { targetRegistered: false })).thenThrows('refused', M.adminMustBeParticipant);
    given(communityDecider, [event('CommunityUserRemoved')]).when(facts('AddAdmin')).thenThrows('refused', M.adminMustBeParticipant);
    given(communityDecider, [event('CommunityAdminAdded')]).when(facts('AddAdmin')).thenThrows('conflict', M.alreadyAdmin);
    given(communityDecider).when(facts('RemoveAdmin')).thenThrows('not_found', M.notAdmin);
  });

  it('removes a user once, not an admin, not oneself, not a stranger; re-adds only the removed', () => {
    given(communityDecider).when(facts('RemoveUser')).then([event('CommunityUserRemoved')]);
    given(communityDecider, [event('CommunityUserRemoved')]).when(facts('RemoveUser')).thenThrows('conflict', M.alreadyRemoved);
    given(communityDecider, [event('CommunityAdminAdded')]).when(facts('RemoveUser')).thenThrows('conflict', M.removeAdminFirst);
    given(communityDecider).when(facts('RemoveUser', { by: 'staff', actorStaff: true, userId: 'staff' })).thenThrows('refused', M.removeSelf);
    given(communityDecider).when(facts('RemoveUser', { targetRegistered: false })).thenThrows('not_found', M.userNotFound);
    given(communityDecider, [event('CommunityUserRemoved')]).when(facts('ReAddUser')).then([event('CommunityUserReAdded')]);
    given(communityDecider).when(facts('ReAddUser')).thenThrows('conflict', M.notRemoved);
    const state = given(communityDecider, [event('CommunityUserRemoved'), event('CommunityUserReAdded')]).state();
    expect([...state.removed]).toEqual([]);
  });
});
