import { describe, expect, it } from 'vitest';
import { HackathonContentSchema } from '@circuit/shared/events/hackathons';
import { hackathonInfoFold, takesRegistrations } from './hackathon-info';

const content = (over: Record<string, unknown> = {}) =>
  HackathonContentSchema.parse({
    username: 'hack',
    dates: { startDate: '2030-01-12T00:00:00Z', endDate: '2030-01-14T00:00:00Z', registrationDeadline: '2030-01-10T00:00:00Z' },
    maxParticipants: 50,
    teamSettings: { minMembers: 2, maxMembers: 5 },
    pricing: { type: 'paid', amount: 300, currency: 'INR' },
    takeRegistrations: 'pending',
    ...over,
  });
const fold = (events: { type: string; data: unknown }[]) => events.reduce(hackathonInfoFold.evolve, hackathonInfoFold.initialState());
const at = '2030-01-01T00:00:00Z';

describe('what registrations know of a hackathon', () => {
  it('takes the settings of the listing, its moderation and its edits', () => {
    const created = { type: 'HackathonCreated', data: { hackathonId: 'h', createdBy: 'u', content: content(), at } };
    expect(fold([created])).toMatchObject({ hackathonId: 'h', exists: true, status: 'pending', maxParticipants: 50, minMembers: 2, maxMembers: 5, pricing: { type: 'paid', amount: 300, currency: 'INR' } });
    const approved = fold([created, { type: 'HackathonApproved', data: { hackathonId: 'h', at, byUserId: 'm' } }]);
    expect(approved.status).toBe('accepted');
    expect(takesRegistrations(approved)).toBe(true);
    const edited = fold([
      created,
      { type: 'HackathonApproved', data: { hackathonId: 'h', at, byUserId: 'm' } },
      { type: 'HackathonUpdated', data: { hackathonId: 'h', content: content({ maxParticipants: 10, takeRegistrations: 'false', pricing: { type: 'free', amount: 0, currency: 'INR' } }), at, byUserId: 'u' } },
    ]);
    expect(edited).toMatchObject({ status: 'accepted', maxParticipants: 10, pricing: { type: 'free', amount: 0 } });
    expect(takesRegistrations(edited)).toBe(false);
    expect(fold([created, { type: 'HackathonRejected', data: { hackathonId: 'h', reason: 'x', at, byUserId: 'm' } }]).status).toBe('rejected');
    expect(fold([created, { type: 'HackathonDeleted', data: { hackathonId: 'h', at, byUserId: 'u' } }]).deleted).toBe(true);
  });

  it('treats a paid listing with no amount as free', () => {
    const created = { type: 'HackathonCreated', data: { hackathonId: 'h', createdBy: 'u', content: content({ pricing: { type: 'paid', amount: 0, currency: 'USD' } }), at } };
    expect(fold([created]).pricing).toEqual({ type: 'free', amount: 0, currency: 'USD' });
  });
});
