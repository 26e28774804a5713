import type { Knex } from 'knex';
import { z } from 'zod';
import type { EventContent } from '@circuit/shared/events/event-listings';
import type { HackathonContent } from '@circuit/shared/events/hackathons';
import type { QuizContent } from '@circuit/shared/events/quizzes';
import { FALLBACK_TIME_ZONE } from '@circuit/shared/time/format';
import { eventUsernameViolation } from '@circuit/shared/validation/events';
import { usernameViolation } from '@circuit/shared/validation/hackathons';
import type { OgCardKind } from '@circuit/shared/web/og-card-path';
import { eventVisibility } from '../events/event-query-routes';
import { hackathonVisibility } from '../hackathons/visible-hackathon';
import { contentOf, listingIdOf, listingUsernameOf, type ListingVisibility } from '../listings/listing-access';
import { quizVisibility } from '../quizzes/quiz-query-routes';
import { json } from '../quizzes/quiz-attempts';
import { dayRange, timeRange } from './og-card-dates';
import type { OgCardFacts } from './og-card-design';

/** A listing a signed-out visitor may see, as its card shows it. */
export interface CardListing {
  id: string;
  /** When the listing last changed (ms): with the id, the version of its card. */
  changedAt: number;
  facts: OgCardFacts;
}

/** The listing a card path names (its username, or a quiz's id), or null when there is none a signed-out visitor may see. */
export type CardSource = (param: string) => Promise<CardListing | null>;

/** Every listing table keeps `updated_at` (listing-migrations.ts STAMPS), though not every row type names it. */
const Stamped = z.object({ id: z.string(), updated_at: z.coerce.date() });

const personName = (first: string | null, last: string | null, username: string | null) => [first, last].filter(Boolean).join(' ') || username || '';

/** The public detail query's rule, as a signed-out visitor meets it: the row only when it is public. */
async function publicRow<Key, Row>(key: Key | null, kind: Pick<ListingVisibility<Key, Row>, 'find' | 'isPublic'>): Promise<Row | null> {
  const row = key ? await kind.find(key) : undefined;
  return row && (await kind.isPublic(row)) ? row : null;
}

function cardListing(row: unknown, facts: OgCardFacts): CardListing {
  const { id, updated_at } = Stamped.parse(row);
  return { id, changedAt: updated_at.getTime(), facts };
}

/** Where each kind's card finds its listing: the same visibility each kind's detail query applies. */
export function cardSources(knex: Knex): Record<OgCardKind, CardSource> {
  const [hackathons, events, quizzes] = [hackathonVisibility(knex), eventVisibility(knex), quizVisibility(knex)];
  return {
    hackathons: async (param) => {
      const row = await publicRow(listingUsernameOf(param, usernameViolation), hackathons);
      if (!row) return null;
      const c = contentOf<HackathonContent>(row);
      const organiser = c.organization.name || personName(row.creator_first_name, row.creator_last_name, row.creator_username);
      // A hackathon carries no zone: its dates were entered on the fallback clock (as its calendar entry says).
      return cardListing(row, { kind: 'Hackathon', title: c.title, dates: dayRange(c.dates, FALLBACK_TIME_ZONE), organiser });
    },
    events: async (param) => {
      const row = await publicRow(listingUsernameOf(param, eventUsernameViolation), events);
      if (!row) return null;
      const c = contentOf<EventContent>(row);
      const organiser = c.organization.name || personName(row.creator_first_name, row.creator_last_name, row.creator_username);
      return cardListing(row, { kind: 'Event', title: c.title, dates: dayRange(c.dates, c.timeZone ?? FALLBACK_TIME_ZONE), organiser });
    },
    quizzes: async (param) => {
      const row = await publicRow(listingIdOf(param), quizzes);
      if (!row) return null;
      const c = json<QuizContent>(row.content);
      const organiser = personName(row.org_first_name, row.org_last_name, row.org_username);
      return cardListing(row, { kind: 'Quiz', title: row.title, dates: timeRange(c.dates, FALLBACK_TIME_ZONE), organiser });
    },
  };
}
