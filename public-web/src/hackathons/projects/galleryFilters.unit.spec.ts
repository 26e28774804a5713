import { describe, expect, it } from 'vitest';
import { awardLabel, galleryApiQuery, galleryFilterCodec, ordinal } from './galleryFilters';
import { votedFor, voteSlots, votingOpen, withVote } from './voting';

describe('gallery filters', () => {
  it('ask the server: the URL’s search is the API’s q, then track, winners only, the page size and the cursor', () => {
    expect(galleryApiQuery({}, null)).toBe('limit=24');
    expect(galleryApiQuery({ search: '  tide  clinic ', track: 'health', winners: 'true' }, null)).toBe('q=tide++clinic&track=health&winners=true&limit=24');
    expect(galleryApiQuery({ search: ' ', winners: 'false' }, 'abc_-', 12)).toBe('limit=12&cursor=abc_-');
  });

  it('lives in the URL without empty values', () => {
    expect(galleryFilterCodec.toParams({ search: 'boat', track: '', winners: 'true' }).toString()).toBe('search=boat&winners=true');
    expect(galleryFilterCodec.fromParams(new URLSearchParams('search=+boat+&track=health&other=1'))).toEqual({ search: 'boat', track: 'health' });
    expect(galleryFilterCodec.activeCount({ search: 'boat', track: 'health' })).toBe(1);
  });

  it('names a prize, or its place when the prize has no name', () => {
    expect(awardLabel({ prize: 'Best in Health', place: 1 })).toBe('Best in Health');
    expect(awardLabel({ prize: ' ', place: 2 })).toBe('2nd place');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']);
  });
});

describe('the community vote', () => {
  const at = Date.parse('2026-12-14T10:00:00Z');
  it('is open when enabled, opened and not closed; an unset bound does not limit it', () => {
    const voting = { enabled: true, opensAt: '2026-12-14T09:00:00Z', closesAt: '2026-12-14T11:00:00Z', perTrack: false };
    expect(votingOpen(voting, at)).toBe(true);
    expect(votingOpen({ ...voting, enabled: false }, at)).toBe(false);
    expect(votingOpen({ ...voting, opensAt: '2026-12-14T10:30:00Z' }, at)).toBe(false);
    expect(votingOpen({ ...voting, closesAt: '2026-12-14T10:00:00Z' }, at)).toBe(false);
    expect(votingOpen({ ...voting, opensAt: null, closesAt: null }, at)).toBe(true);
  });

  it('gives one vote for the hackathon, or one per track the project enters', () => {
    expect(voteSlots(false, ['a', 'b'])).toEqual([null]);
    expect(voteSlots(true, ['a', 'b'])).toEqual(['a', 'b']);
    expect(voteSlots(true, [])).toEqual([]);
  });

  it('knows the viewer’s vote in each slot, and what a vote or a withdrawal leaves', () => {
    const votes = [{ trackId: 'a', projectId: 'p1' }, { trackId: null, projectId: 'p2' }];
    expect(votedFor(votes, 'a')).toBe('p1');
    expect(votedFor(votes, null)).toBe('p2');
    expect(votedFor(votes, 'b')).toBeNull();
    expect(withVote(votes, 'a', 'p3')).toEqual([{ trackId: null, projectId: 'p2' }, { trackId: 'a', projectId: 'p3' }]);
    expect(withVote(votes, null, null)).toEqual([{ trackId: 'a', projectId: 'p1' }]);
  });
});
