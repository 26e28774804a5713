import { loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { hackathonAnnouncementsStream, hackathonSponsorsStream } from '@circuit/shared/events/hackathon-announcements';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { hackathonReviewStream } from '@circuit/shared/events/hackathon-reviews';
import { DomainError } from '@circuit/shared/commands/domain-errors';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { AnnouncementFormSchema, SponsorFormSchema, type AnnouncementFormInput, type SponsorFormInput } from '@circuit/shared/validation/hackathon-announcements';
import { ReviewBodySchema } from '@circuit/shared/validation/hackathon-reviews';
import type { AnnouncementService } from '../hackathon-announcements/announcement-service';
import type { ReviewService } from '../hackathon-reviews/review-service';
import { rosterDecider } from '../hackathon-registrations/roster-decider';
import { findListing } from '../hackathons/listing-lookup';

/** How many seeded hackathons get reviews, announcements and sponsors. */
const BOARDS = 3;

const REVIEWS: [number, string][] = [
  [5, 'Mentors were brilliant and the problem statements were real. Would come again.'],
  [4, 'Great energy and food. The Wi-Fi struggled on the second night.'],
  [5, 'Our first hackathon and we shipped a working prototype. Thank you, organisers!'],
  [3, 'Good event, but judging ran late.'],
  [4, ''],
];

export const SEED_SPONSORS: SponsorFormInput[] = [
  { name: 'Nimbus Cloud', tier: 'platinum' },
  { name: 'Kaveri Labs', tier: 'gold' },
  { name: 'Chai & Code', tier: 'silver' },
  { name: 'Monsoon Devices', tier: 'bronze' },
  { name: 'Bengaluru Devs', tier: 'community' },
];

export function seedAnnouncements(title: string): AnnouncementFormInput[] {
  return [
    { type: 'general', title: `Welcome to ${title}!`, content: '<p>Kick-off is at <strong>10:00</strong> in the main auditorium. Bring your college ID and a charged laptop.</p>' },
    { type: 'important', title: 'Submission deadline reminder', content: '<p>Submissions close <strong>one hour before the demos</strong>. Push your code and upload your deck before then: late entries cannot be judged.</p>' },
    {
      type: 'results',
      title: 'Results are out',
      content: '<p>Thank you to every team that built with us. Here are the winners!</p>',
      results: {
        winners: [
          {
            rank: 1,
            track: 'Open Innovation',
            teamName: 'Byte Brigade',
            projectName: 'FloodWatch',
            projectDescription: 'Flood alerts over SMS for towns without data coverage.',
            prize: '₹30,000',
            teamMembers: [
              { name: 'Aarav Sharma', email: 'aarav@circuit.local', role: 'Backend' },
              { name: 'Priya Nair', email: 'priya@circuit.local', role: 'Design' },
            ],
            pptLink: 'https://example.com/floodwatch-deck',
            videoLink: 'https://example.com/floodwatch-demo',
          },
          { rank: 2, track: 'Civic Tech', teamName: 'Null Pointers', projectName: 'RouteMate', projectDescription: 'Bus arrival times from crowd-sourced pings.', prize: '₹20,000', teamMembers: [{ name: 'Rahul Verma', email: 'rahul@circuit.local', role: 'Lead' }] },
        ],
        specialAwards: [{ category: 'Best UI', teamName: 'Pixel Pushers', projectName: 'KrishiDost', description: 'A crop planner farmers understood at first sight.' }],
      },
    },
  ];
}

const hasEvents = async (store: EventStore, stream: string) => (await store.readStream(stream, { maxCount: 1 })).length > 0;

/**
 * Reviews (by registered participants), one announcement of each type (results with winners) and
 * a sponsor in every tier on the first few accepted hackathons that have participants. Each part
 * is skipped where it exists already, so running it again adds nothing.
 */
export async function seedHackathonBoards(
  deps: { store: EventStore; reviews: ReviewService; announcements: AnnouncementService },
  hackathons: { hackathonId: string }[],
  ctx: CommandContext = { correlationId: 'seed' },
): Promise<{ reviews: number; announcements: number; sponsors: number }> {
  const result = { reviews: 0, announcements: 0, sponsors: 0 };
  let boards = 0;
  for (const { hackathonId } of hackathons) {
    if (boards >= BOARDS) break;
    const roster = (await loadState(deps.store, hackathonRosterStream(hackathonId), rosterDecider)).state;
    const participants = Object.keys(roster.entrants);
    if (participants.length === 0) continue;
    boards++;
    const listing = await findListing(deps.store, hackathonId);
    const as = (userId: string) => ({ ...ctx, userId });

    for (const [i, userId] of participants.slice(0, REVIEWS.length).entries()) {
      if (await hasEvents(deps.store, hackathonReviewStream(hackathonId, userId))) continue;
      const [rating, comment] = REVIEWS[(i + boards) % REVIEWS.length]!;
      try {
        await deps.reviews.submit(userId, hackathonId, ReviewBodySchema.parse({ rating, comment }), as(userId));
        result.reviews++;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    }
    if (!(await hasEvents(deps.store, hackathonAnnouncementsStream(hackathonId)))) {
      for (const input of seedAnnouncements(listing.title)) {
        await deps.announcements.post(listing.createdBy, hackathonId, AnnouncementFormSchema.parse(input), as(listing.createdBy));
        result.announcements++;
      }
    }
    if (!(await hasEvents(deps.store, hackathonSponsorsStream(hackathonId)))) {
      for (const input of SEED_SPONSORS) {
        await deps.announcements.addSponsor(listing.createdBy, hackathonId, SponsorFormSchema.parse(input), as(listing.createdBy));
        result.sponsors++;
      }
    }
  }
  return result;
}
