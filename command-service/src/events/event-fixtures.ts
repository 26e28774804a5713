import type { Member, TestApp } from '@circuit/embedded/testing/test-app';
import { createdListing, freshListingForm } from '../listings/listing-fixtures.testkit';

/** A valid event form (an offline paid or free event in India), with overrides. */
export function eventForm(t: TestApp, overrides: Record<string, unknown> = {}) {
  const { serial, username, daysFromNow: at } = freshListingForm('event', t.clock.now());
  return {
    username,
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

/** An event created by `organiser` and approved by `moderator`. */
export function listedEvent(organiser: Member, moderator: Member, t: TestApp, overrides: Record<string, unknown> = {}) {
  return createdListing('events', eventForm(t, overrides), organiser, moderator);
}
