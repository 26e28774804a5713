import { describe, expect, it } from 'vitest';
import type { CommunityMessage } from '@circuit/shared/api/community';
import { withEdit, withMessage, withNewest, withOlder, without } from './communityState';

const user = { _id: 'u1', firstName: 'Ana', lastName: 'Rao', username: 'ana', profilePicture: null };
const m = (id: string, minute: number, text = `text ${id}`): CommunityMessage => ({
  _id: id,
  hackathonId: 'h1',
  message: text,
  user,
  createdAt: `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`,
  edited: false,
  replyTo: null,
});
const ids = (list: CommunityMessage[]) => list.map((x) => x._id);

describe('community chat list', () => {
  it('puts an older page in front without repeating what is shown', () => {
    expect(ids(withOlder([m('c', 3), m('d', 4)], [m('a', 1), m('b', 2), m('c', 3)]))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('adds a live message once, in time order, and replaces a copy already shown', () => {
    const list = [m('a', 1), m('c', 3)];
    expect(ids(withMessage(list, m('b', 2)))).toEqual(['a', 'b', 'c']);
    expect(ids(withMessage(withMessage(list, m('d', 4)), m('d', 4)))).toEqual(['a', 'c', 'd']);
    expect(withMessage(list, { ...m('c', 3), clientMessageId: '00000000-0000-4000-8000-000000000001' })[1]!.clientMessageId).toBeUndefined();
  });

  it('applies edits and deletions only to shown messages', () => {
    const list = [m('a', 1), m('b', 2)];
    expect(withEdit(list, { ...m('b', 2, 'fixed'), edited: true })[1]).toMatchObject({ message: 'fixed', edited: true });
    expect(withEdit(list, m('z', 9))).toBe(list);
    expect(ids(without(list, 'a'))).toEqual(['b']);
    expect(without(list, 'z')).toBe(list);
  });

  it('refreshes the newest page: keeps older messages, drops those deleted meanwhile', () => {
    const shown = [m('a', 1), m('b', 2), m('c', 3), m('d', 4)];
    expect(ids(withNewest(shown, [m('b', 2), m('d', 4), m('e', 5)]))).toEqual(['a', 'b', 'd', 'e']);
  });
});
