import { z } from 'zod';
import type { ApiContract, ApiRoute } from '@circuit/shared/http/openapi/contract';
import { HackathonPageExtra, UsernameCheckSchema } from '@circuit/shared/api/hackathons';
import { ownListPaths } from './listing-query-routes';

/**
 * The OpenAPI descriptions of the routes listing-query-routes.ts registers for every kind, worded
 * from the kind's names so that the kinds read alike; what a kind words its own way is passed in.
 */
export interface ListingDocsKind {
  tag: string;
  /** As the paths and summaries say it: `hackathons`, `events`, `quizzes`. */
  plural: string;
  singular: string;
  cards: z.ZodType;
  messages: { notFound: string; notAvailable: string };
}

/** The featured row of a kind, `summary` saying how it is filled. */
export function featuredDocs(api: ApiContract, kind: ListingDocsKind, query: z.ZodObject, summary: string): void {
  const { tag, plural, cards } = kind;
  api.route({ method: 'get', path: `/api/${plural}/featured`, tag, summary, auth: 'optional', query, ok: { data: z.array(cards) }, errors: { 400: 'limit out of range' } });
}

/** What the user created (any status), registered for and saved; `savedOrder` as the saved list is ordered. */
export function ownListDocs(api: ApiContract, kind: ListingDocsKind, savedOrder = ', last saved first'): void {
  const { tag, plural } = kind;
  const paths = ownListPaths(plural);
  const lists: [string, string][] = [
    [paths.created, `The ${plural} you created, in every status`],
    [paths.registered, `The ${plural} you registered for`],
    [paths.saved, `The ${plural} you saved${savedOrder}`],
  ];
  for (const [path, summary] of lists) api.route({ method: 'get', path, tag, summary, auth: 'session', ok: { data: z.array(kind.cards) } });
}

/** A GET of one listing's part (`/api/{plural}/{id}/...`): the kind's tag and id parameter, and 404 when there is no such listing. */
export function listingPartDocs(api: ApiContract, kind: ListingDocsKind, id: z.ZodObject, route: Pick<ApiRoute, 'path' | 'summary' | 'auth' | 'ok' | 'errors'>): void {
  api.route({ method: 'get', tag: kind.tag, params: id, ...route, errors: { 404: kind.messages.notFound, ...route.errors } });
}

/** How a kind of organised listing words its public list and featured row. */
interface OrganisedListingTexts {
  list: { query: z.ZodObject; perPage: string; countryOf: string };
  featured: { query: z.ZodObject; summary: string };
}

/**
 * The queries of a kind of organised listing (hackathons, events) in the order its routes are
 * registered: the public list, the featured row, the own lists, the username check, and one
 * listing by username or by id (or username).
 */
export function organisedListingDocs(api: ApiContract, kind: ListingDocsKind & { detail: z.ZodType }, texts: OrganisedListingTexts): void {
  const { tag, plural, singular, messages: M } = kind;
  api.route({
    method: 'get',
    path: `/api/${plural}`,
    tag,
    summary: `Accepted ${plural} matching every filter, latest start first, ${texts.list.perPage}`,
    description: `Pass \`nextCursor\` back as \`cursor\` for the next page (null on the last). \`status\` and \`dateRange\` are decided by the server’s clock; \`country\` India is the ${texts.list.countryOf}’s country India, International any other.`,
    auth: 'optional',
    query: texts.list.query,
    ok: { data: z.array(kind.cards), extra: HackathonPageExtra },
    errors: { 400: 'An unknown filter value (the message names it) or a cursor this server did not give out' },
  });
  featuredDocs(api, kind, texts.featured.query, texts.featured.summary);
  ownListDocs(api, kind);
  const article = /^[aeiou]/.test(singular) ? 'an' : 'a';
  const usernameCheck = { path: `/api/${plural}/check-username/{username}`, summary: `Whether ${article} ${singular} username is free (the format rules first)` };
  api.route({ method: 'get', tag, ...usernameCheck, params: z.object({ username: z.string() }), ok: { data: UsernameCheckSchema } });
  for (const [path, param] of [
    [`/api/${plural}/username/{username}`, 'username'],
    [`/api/${plural}/{id}`, 'id'],
  ] as const) {
    api.route({
      method: 'get',
      path,
      tag,
      summary: param === 'id' ? `One ${singular} by id (or by username)` : `One ${singular} by username`,
      auth: 'optional',
      params: z.object({ [param]: z.string() }),
      ok: { data: kind.detail },
      errors: { 403: `${M.notAvailable}: not accepted, and you are not its creator, an admin or a moderator`, 404: M.notFound },
    });
  }
}
