import type { Knex } from 'knex';
import { z } from 'zod';
import type { ModerationKindType } from '@circuit/shared/api/admin-moderation';
import { byActiveOrganiser } from '@circuit/shared/read-models/hackathons';
import { MODERATION_KINDS, type ModerationKind } from '../admin/moderation/kinds';
import { fixedSection, type SitemapSection } from './sitemap-document';

/** Rows read a batch at a time: a sitemap file holds up to 50,000 of them. */
export const SITEMAP_BATCH = 1_000;

/**
 * The public pages of the web app (public-web/src/app/router.tsx) that are there whatever is
 * stored. A list page shows its kind's listings, so it changed when the newest of them did.
 */
const FIXED_PAGES: readonly { path: string; listsKind?: ModerationKindType }[] = [
  { path: '/' },
  { path: '/hackathons', listsKind: 'hackathon' },
  { path: '/events', listsKind: 'event' },
  { path: '/quizzes', listsKind: 'quiz' },
  { path: '/about' },
  { path: '/help' },
  { path: '/contact' },
  { path: '/terms' },
  { path: '/privacy' },
];

/** A read model whose rows are public pages: which rows are public, and each one's path by its slug. */
interface PageTable {
  table: string;
  slugColumn: string;
  path(slug: string): string;
  /** Leaves out the rows whose page nobody but their owner and staff may see (the table is aliased `p`). */
  visible(q: Knex.QueryBuilder): void;
}

/**
 * A kind of listing, by the table, slug and public page the moderation queue knows it by. Only
 * approved ones: a pending listing is in review, a rejected one waits for its organiser's edit,
 * a deleted one has no row. A suspended organiser's are left out too, as the hackathon pages hide them.
 */
const listingPages = (kind: ModerationKind): PageTable => ({
  table: kind.table,
  slugColumn: kind.slugColumn,
  path: kind.publicPath,
  visible: (q) => void q.where('p.status', 'accepted').modify(byActiveOrganiser, 'p'),
});

/**
 * Profiles, at /in/<username>: the address the web app's share button copies and most of its links
 * use (/user/<username> shows the same page). Not suspended (their profile answers 404), and with
 * a verified e-mail, as the people search shows them: an unverified sign-up may still be withdrawn.
 */
const PROFILE_PAGES: PageTable = {
  table: 'users',
  slugColumn: 'username',
  path: (username) => `/in/${encodeURIComponent(username)}`,
  visible: (q) => void q.where('p.is_active', true).where('p.is_email_verified', true),
};

const Stats = z.object({ count: z.coerce.number().int().nonnegative(), newest: z.coerce.date().nullable() });
const PageRows = z.array(z.object({ id: z.string(), slug: z.string(), updated_at: z.coerce.date() }));

/** A table's public pages in id order, with their newest change (the rows' updated_at). */
async function tableSection(knex: Knex, pages: PageTable, batch: number): Promise<SitemapSection & { newest: Date | null }> {
  const rows = () => knex(`${pages.table} as p`).modify(pages.visible);
  const [counted] = await rows().select(knex.raw('count(*) as count'), knex.raw('max(p.updated_at) as newest'));
  const stats = Stats.parse(counted);
  return {
    count: stats.count,
    newest: stats.newest,
    async *read(offset, limit) {
      let after: string | null = null;
      for (let left = limit; left > 0; ) {
        const size = Math.min(batch, left);
        const q = rows().select('p.id', { slug: `p.${pages.slugColumn}` }, 'p.updated_at').orderBy('p.id').limit(size);
        // From the second batch on, after the last id read: an offset would walk again past every row before it.
        if (after === null) q.offset(offset);
        else q.where('p.id', '>', after);
        const page = PageRows.parse(await q);
        if (page.length > 0) yield page.map((row) => ({ path: pages.path(row.slug), lastmod: row.updated_at }));
        if (page.length < size) return;
        after = page[page.length - 1]!.id;
        left -= size;
      }
    },
  };
}

/** Every public page, by kind: the fixed pages, each kind of listing, then profiles. */
export async function sitemapSections(knex: Knex, batch = SITEMAP_BATCH): Promise<SitemapSection[]> {
  const listings = await Promise.all(MODERATION_KINDS.map(async (kind) => ({ type: kind.type, section: await tableSection(knex, listingPages(kind), batch) })));
  const profiles = await tableSection(knex, PROFILE_PAGES, batch);
  const newestOf = (type: ModerationKindType) => listings.find((l) => l.type === type)?.section.newest ?? null;
  const fixed = fixedSection(FIXED_PAGES.map((page) => ({ path: page.path, lastmod: page.listsKind ? newestOf(page.listsKind) : null })));
  return [fixed, ...listings.map((l) => l.section), profiles];
}
