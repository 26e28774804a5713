import crypto from 'node:crypto';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { HackathonContentSchema, hackathonSlugStream, hackathonStream, type HackathonContent } from '@circuit/shared/events/hackathons';
import type { EventStore } from '@circuit/shared/ports/event-store';

export interface ListingOptions {
  username?: string;
  /** ISO instants; default: deadline in 10 days, start in 12, end in 14 (from `now`). */
  registrationDeadline?: string;
  maxParticipants?: number;
  minMembers?: number;
  maxMembers?: number;
  /** Paid when given and above 0 (major units). */
  fee?: { amount: number; currency: 'INR' | 'USD' };
  takeRegistrations?: 'false' | 'pending' | 'true';
  approved?: boolean;
  createdBy?: string;
  now?: Date;
}

const DAY = 86_400_000;

/**
 * An accepted hackathon appended straight to the store (HackathonCreated, the slug reservation,
 * HackathonApproved): what the listing feature's create and approve calls record. For tests of
 * registrations and teams, which do not depend on the listing feature's routes.
 */
export async function appendListedHackathon(store: EventStore, options: ListingOptions = {}): Promise<{ hackathonId: string; username: string; content: HackathonContent }> {
  const now = options.now ?? new Date();
  const hackathonId = crypto.randomUUID();
  const username = options.username ?? `hack-${hackathonId.slice(0, 8)}`;
  const at = now.toISOString();
  const content = HackathonContentSchema.parse({
    username,
    title: `Hackathon ${username}`,
    shortDescription: 'Build something in a weekend',
    description: '<p>Build something.</p>',
    eligibilityCriteria: '<p>Students</p>',
    organization: { name: 'Circuit' },
    categories: ['hackathon'],
    location: { type: 'online', country: 'India', state: 'Karnataka', address: 'Online', city: 'Bengaluru' },
    dates: {
      registrationDeadline: options.registrationDeadline ?? new Date(now.getTime() + 10 * DAY).toISOString(),
      startDate: new Date(now.getTime() + 12 * DAY).toISOString(),
      endDate: new Date(now.getTime() + 14 * DAY).toISOString(),
    },
    pricing: options.fee && options.fee.amount > 0 ? { type: 'paid', amount: options.fee.amount, currency: options.fee.currency } : { type: 'free', amount: 0, currency: 'INR' },
    maxParticipants: options.maxParticipants ?? 100,
    teamSettings: { minMembers: options.minMembers ?? 1, maxMembers: options.maxMembers ?? 4 },
    takeRegistrations: options.takeRegistrations ?? 'pending',
  });
  const createdBy = options.createdBy ?? 'organiser';
  await store.append(
    hackathonSlugStream(username),
    toNewEvents([{ type: 'HackathonSlugReserved', data: { slug: username.toLowerCase(), hackathonId, at } }], { userId: createdBy }, at),
    'no_stream',
  );
  const events: { type: string; data: unknown }[] = [{ type: 'HackathonCreated', data: { hackathonId, createdBy, content, at } }];
  if (options.approved ?? true) events.push({ type: 'HackathonApproved', data: { hackathonId, at, byUserId: 'moderator' } });
  await store.append(hackathonStream(hackathonId), toNewEvents(events, { userId: createdBy }, at), 'no_stream');
  return { hackathonId, username, content };
}
