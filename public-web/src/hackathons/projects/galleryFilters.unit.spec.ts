import { describe, expect, it } from 'vitest';
import type { ProjectCard } from '@circuit/shared/api/hackathon-projects';
import { awardLabel, filterCards, galleryFilterCodec, ordinal } from './galleryFilters';
import { voteSlots, votingOpen } from './voting';

const card = (id: string, over: Partial<ProjectCard> = {}): ProjectCard => ({
  id,
  hackathonId: 'h1',
  entrant: 'team',
  teamName: `Team ${id}`,
  title: `Project ${id}`,
  tagline: '',
  image: null,
  builtWith: [],
  trackIds: [],
  members: [],
  awards: [],
  submittedAt: '2026-12-13T10:00:00.000Z',
  ...over,
});

describe('gallery filters', () => {
  const cards = [
    card('a', { title: 'Boat Clinic', trackIds: ['health'], awards: [{ prize: 'Best in Health', trackId: 'health', place: 1 }] }),
    card('b', { tagline: 'Tide tables for fishers', builtWith: ['Flutter'], trackIds: ['climate'] }),
    card('c', { builtWith: ['React', 'PostGIS'], trackIds: ['climate', 'health'] }),
  ];

  it('searches the title, the tagline and the built-with tags, in any case', () => {
    expect(filterCards(cards, { search: 'clinic' }).map((c) => c.id)).toEqual(['a']);
    expect(filterCards(cards, { search: 'TIDE' }).map((c) => c.id)).toEqual(['b']);
    expect(filterCards(cards, { search: 'postgis' }).map((c) => c.id)).toEqual(['c']);
    expect(filterCards(cards, { search: '  ' })).toHaveLength(3);
  });

  it('keeps a track’s projects and, with winners=true, only those with a prize; the answer’s order stays', () => {
    expect(filterCards(cards, { track: 'health' }).map((c) => c.id)).toEqual(['a', 'c']);
    expect(filterCards(cards, { track: 'health', winners: 'true' }).map((c) => c.id)).toEqual(['a']);
    expect(filterCards(cards, { track: 'climate', search: 'react' }).map((c) => c.id)).toEqual(['c']);
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
});
