/**
 * The names one kind of listing goes by in the read models and the feed, all from its singular:
 * the listing table (`hackathons`), its saves (`hackathon_saves`), the listing's id as a column of
 * the tables beside it (`hackathon_id`) and in event data (`hackathonId`), and the events' prefix
 * (`HackathonCreated`). A kind that broke the pattern would say so here, not in every module.
 */
export interface ListingNames<Singular extends string = string> {
  singular: Singular;
  table: string;
  savesTable: `${Singular}_saves`;
  idColumn: `${Singular}_id`;
  idField: `${Singular}Id`;
  eventPrefix: Capitalize<Singular>;
}

export function listingNames<Singular extends string>(singular: Singular, table: string): ListingNames<Singular> {
  const eventPrefix = (singular.charAt(0).toUpperCase() + singular.slice(1)) as Capitalize<Singular>;
  return { singular, table, savesTable: `${singular}_saves`, idColumn: `${singular}_id`, idField: `${singular}Id`, eventPrefix };
}

export const HACKATHON_LISTINGS = listingNames('hackathon', 'hackathons');
export const EVENT_LISTINGS = listingNames('event', 'events');
export const QUIZ_LISTINGS = listingNames('quiz', 'quizzes');
