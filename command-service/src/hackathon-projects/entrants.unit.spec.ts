import { describe, expect, it } from 'vitest';
import { rosterDecider } from '../hackathon-registrations/roster-decider';
import type { JudgingListing } from '../hackathon-judging/judging-listing';
import { entrantOf, entrantsOf } from './entrants';

const listing: JudgingListing = { hackathonId: 'h', exists: true, deleted: false, status: 'accepted', createdBy: 'org', username: 'h', title: 'H', takeRegistrations: 'true', endDate: '2030-03-05T00:00:00Z', minMembers: 1, paid: false };
const roster = { ...rosterDecider.initialState(), entrants: { alone: 'direct' as const } };

describe('who enters a project without a team', () => {
  it('is a participant registered alone where teams of one are allowed and entry is free', () => {
    expect(entrantOf(roster, listing, 'alone')).toEqual({ kind: 'solo', entrantId: 'alone', teamName: null, memberIds: ['alone'] });
    expect(entrantsOf(roster, listing).map((e) => e.entrantId)).toEqual(['alone']);
  });

  it('is nobody where a fee is charged (a team pays it, a team of one for someone alone) or teams need two', () => {
    for (const other of [{ ...listing, paid: true }, { ...listing, minMembers: 2 }]) {
      expect(entrantOf(roster, other, 'alone')).toBeNull();
      expect(entrantsOf(roster, other)).toEqual([]);
    }
  });
});
