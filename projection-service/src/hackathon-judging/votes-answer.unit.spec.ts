import { describe, expect, it } from 'vitest';
import { burstSends, votesAnswer, type VoteRow } from './votes-answer';

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 10, minute)).toISOString();
const sends = (address: string, minutes: number[]) => minutes.map((m) => ({ client_address: address, at: at(m) }));

describe('vote flags', () => {
  it('calls more than 5 votes from one address within 10 minutes a burst, and only those', () => {
    expect(burstSends(sends('a', [0, 1, 2, 3, 4])).size).toBe(0);
    // Six, but the first and the last are 10 minutes apart: never six inside one window.
    expect(burstSends(sends('a', [0, 2, 4, 6, 8, 10])).size).toBe(0);
    const marked = burstSends([...sends('a', [0, 20, 21, 22, 23, 24, 25]), ...sends('b', [20, 21, 22, 23, 24])]);
    expect([...(marked.get('a') ?? [])].sort()).toEqual([20, 21, 22, 23, 24, 25].map((m) => Date.parse(at(m))));
    expect(marked.has('b')).toBe(false);
  });

  it('flags accounts made after voting opened, keeps excluded votes out of the count, and totals per track and project', () => {
    const row = (userId: string, projectId: string, created: number, trackKey = ''): VoteRow => ({ user_id: userId, track_key: trackKey, project_id: projectId, client_address: userId, at: at(30), account_created_at: at(created) });
    const answer = votesAnswer([row('old', 'p1', 0), row('new', 'p1', 20), row('gone', 'p2', 0), row('old', 'p2', 0, 'ai')], [], {
      votingOpenedAt: at(10),
      excluded: { gone: { reason: 'duplicate account', byUserId: 'org', at: at(40) } },
      usernames: new Map([['old', 'olduser']]),
      titles: new Map([['p1', 'One'], ['p2', 'Two']]),
    });
    expect(answer.votes.map((v) => [v.userId, v.trackId, v.flags, v.excluded])).toEqual([
      ['gone', null, [], true],
      ['new', null, ['new-account'], false],
      ['old', null, [], false],
      ['old', 'ai', [], false],
    ]);
    expect(answer.totals).toEqual([
      { trackId: null, projectId: 'p1', title: 'One', counted: 2, flagged: 1, excluded: 0 },
      { trackId: null, projectId: 'p2', title: 'Two', counted: 0, flagged: 0, excluded: 1 },
      { trackId: 'ai', projectId: 'p2', title: 'Two', counted: 1, flagged: 0, excluded: 0 },
    ]);
  });
});
