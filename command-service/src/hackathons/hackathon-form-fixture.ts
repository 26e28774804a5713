import { freshListingForm } from '../listings/listing-fixtures.testkit';

/** A valid hackathon form (dates relative to `now`), unique username per call, for HTTP tests. */
export function hackathonFormFixture(now: Date, overrides: Record<string, unknown> = {}) {
  const { serial, username, daysFromNow: at } = freshListingForm('hack', now);
  return {
    username,
    title: `Hackathon ${serial}`,
    shortDescription: 'Build something in a weekend',
    description: '<p>Build <strong>things</strong>.</p>',
    eligibilityCriteria: '<p>Students</p>',
    organization: { name: 'Circuit Club' },
    categories: ['hackathon'],
    location: { type: 'offline', country: 'India', state: 'Karnataka', city: 'Bengaluru', address: 'MG Road' },
    dates: { registrationDeadline: at(5), startDate: at(7), endDate: at(9) },
    pricing: { type: 'free' },
    ...overrides,
  };
}
