import type { TestApp } from '@circuit/embedded/testing/test-app';

const DAY = 86_400_000;
let serial = 0;

/** A valid event form (an offline paid or free event in India), with overrides. */
export function eventForm(t: TestApp, overrides: Record<string, unknown> = {}) {
  const at = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString();
  serial += 1;
  return {
    username: `event-${serial}-${Date.now().toString(36)}`,
    title: `Event ${serial}`,
    shortDescription: 'An evening of talks',
    description: '<p>Talks <a href="javascript:alert(1)">and</a> demos.</p>',
    organization: { name: 'Circuit Club' },
    location: { type: 'offline', country: 'India', state: 'Karnataka', city: 'Bengaluru', address: 'MG Road' },
    dates: { registrationDeadline: at(5), startDate: at(7), endDate: at(8) },
    takeRegistrations: true,
    ...overrides,
  };
}

/** The registration modal, filled in. */
export const fullProfile = {
  firstName: 'Asha',
  lastName: 'Rao',
  college: 'RV College',
  course: 'B.Tech',
  branch: 'Computer Science',
  collegeYear: '3rd Year',
  country: 'India',
  state: 'Karnataka',
  mobile: '9876543210',
  agreeToTerms: true,
};

type Member = Awaited<ReturnType<TestApp['member']>>;

/** An event created by `organiser` and approved by `moderator`. */
export async function listedEvent(organiser: Member, moderator: Member, t: TestApp, overrides: Record<string, unknown> = {}) {
  const res = await organiser.agent.post('/api/events').send(eventForm(t, overrides));
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  await moderator.agent.post(`/api/admin/events/${res.body.data.id}/approve`).send({}).expect(200);
  return res.body.data as { id: string; username: string };
}
