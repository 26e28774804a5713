import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { StaffLocals } from '@circuit/shared/admin/access';
import { forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import { PARTICIPANT_LISTING_KINDS, ParticipantListingKindSchema, type AdminParticipant, type AdminParticipantListing, type ParticipantListingKind } from '@circuit/shared/api/admin-participants';
import { maySeeParticipants } from '@circuit/shared/read-models/participant-access';
import { checkedInAtColumn, coHostRoleOf } from '@circuit/shared/read-models/check-in';
import { filterObject, parseListQuery, sendList } from '../simple-rest';
import { PARTICIPANT_TABLES } from './participant-tables';

export const NOT_YOUR_LISTING = 'You can only see the participants of your own listings';

const LISTING_SORT = { title: 'title', participants: 'participants', kind: 'kind' } as const;
const PARTICIPANT_SORT = {
  registeredAt: 'registered_at',
  name: 'name',
  email: 'email',
  paymentStatus: 'payment_status',
  username: 'username',
  score: 'p.calculated_marks',
  timeTaken: 'p.time_taken',
  completedAt: 'p.submitted_at',
} as const;
/** Results only quizzes have: sorting another kind by them is a 400, not a database error. */
const QUIZ_ONLY_SORT = new Set(['score', 'timeTaken', 'completedAt']);

const ListingsFilter = filterObject({ kind: ParticipantListingKindSchema.optional(), q: z.string().optional() });
const ParticipantsFilter = filterObject({
  kind: ParticipantListingKindSchema.meta({ description: 'hackathon, event or quiz' }),
  listingId: z.string({ error: 'filter.listingId is required: pick a listing' }).min(1),
});

const isoOf = (v: Date | string) => new Date(v).toISOString();
const profileOf = (v: unknown): Record<string, string> => (typeof v === 'string' ? (JSON.parse(v) as Record<string, string>) : ((v ?? {}) as Record<string, string>));

/**
 * `participant-listings` and `participants` in the ra-data-simple-rest dialect. Staff see every
 * listing; an organiser let in by the guard (ownListingsOnly) sees only listings they created, and
 * another's listing is a 403 whatever the console asks for.
 */
export function participantsAdminRoutes(knex: Knex): Router {
  const router = Router();

  function listingsQuery(kind: ParticipantListingKind, ownerId: string | null) {
    const t = PARTICIPANT_TABLES[kind];
    const q = knex(`${t.listings} as l`).select(
      knex.raw('? as kind', [kind]),
      'l.id',
      'l.title',
      'l.status',
      'l.created_by',
      knex.raw(`(select count(*) from ${t.participants} p where p.${t.listingColumn} = l.id) as participants`),
    );
    // An organiser's own listings, and those they manage as a co-host.
    if (ownerId) q.where((w) => void w.where('l.created_by', ownerId).orWhereIn('l.id', knex('listing_co_hosts').where({ kind, user_id: ownerId, role: 'manager' }).select('listing_id')));
    return q;
  }

  router.get('/participant-listings', async (req, res) => {
    const locals = res.locals as StaffLocals;
    const { sort, range, filter } = parseListQuery(req, { resource: 'participant-listings', sortable: ['title', 'participants', 'kind'] as const, defaultSort: { field: 'title', order: 'asc' }, filter: ListingsFilter });
    const ownerId = locals.ownListingsOnly ? locals.staff.id : null;
    const kinds = filter.kind ? [filter.kind] : PARTICIPANT_LISTING_KINDS;
    const parts = kinds.map((k) => listingsQuery(k, ownerId).toQuery());
    let all = knex.select('*').from(knex.raw(`(${parts.join(' union all ')}) as x`));
    if (filter.q) all = all.whereRaw('x.title ilike ?', [`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
    const total = Number(((await all.clone().clearSelect().count<{ n: string }[]>('* as n'))[0] as { n: string | number } | undefined)?.n ?? 0);
    const rows = (await all.orderBy([{ column: `x.${LISTING_SORT[sort.field]}`, order: sort.order }, { column: 'x.id' }]).offset(range.start).limit(range.end - range.start + 1)) as {
      kind: ParticipantListingKind;
      id: string;
      title: string;
      status: string;
      created_by: string;
      participants: string | number;
    }[];
    const out: AdminParticipantListing[] = rows.map((r) => ({ id: `${r.kind}:${r.id}`, kind: r.kind, listingId: r.id, title: r.title, status: r.status, organiserId: r.created_by, participants: Number(r.participants) }));
    sendList(res, 'participant-listings', { start: range.start, rows: out, total });
  });

  router.get('/participants', async (req, res) => {
    const locals = res.locals as StaffLocals;
    const { sort, range, filter } = parseListQuery(req, {
      resource: 'participants',
      sortable: ['registeredAt', 'name', 'email', 'paymentStatus', 'username', 'score', 'timeTaken', 'completedAt'] as const,
      defaultSort: { field: 'registeredAt', order: 'asc' },
      filter: ParticipantsFilter,
    });
    if (filter.kind !== 'quiz' && QUIZ_ONLY_SORT.has(sort.field)) throw refused(`Only quiz participants can be sorted by ${sort.field}`);
    const t = PARTICIPANT_TABLES[filter.kind];
    const quiz = filter.kind === 'quiz';
    const listing = (await knex(t.listings).where({ id: filter.listingId }).first('id', 'created_by')) as { id: string; created_by: string } | undefined;
    if (!listing) throw notFound(`No ${filter.kind} with id ${filter.listingId}`);
    const coHost = await coHostRoleOf(knex, filter.kind, listing.id, locals.staff.id);
    if (!maySeeParticipants(listing, { userId: locals.staff.id, role: locals.staff.role, coHost })) throw forbidden(NOT_YOUR_LISTING);

    const base = knex(`${t.participants} as p`).leftJoin('users as u', 'u.id', 'p.user_id').where(`p.${t.listingColumn}`, listing.id);
    const total = Number(((await base.clone().count<{ n: string }[]>('* as n'))[0] as { n: string | number } | undefined)?.n ?? 0);
    const rows = (await base
      .select('p.user_id', 'p.payment_status', 'p.registered_at', 'p.profile', 'u.username', 'u.email', 'u.first_name', 'u.last_name', 'u.mobile', 'u.college', 'u.course', 'u.branch', 'u.college_year', 'u.country', 'u.state', 'u.address', 'u.skills')
      .modify((q) => void (quiz ? q.select('p.attempt', 'p.calculated_marks', 'p.time_taken', 'p.submitted_at') : q.select(checkedInAtColumn(knex, filter.kind, `p.${t.listingColumn}`, 'p.user_id'))))
      .select(knex.raw(`trim(coalesce(nullif(p.profile->>'firstName', ''), u.first_name, '') || ' ' || coalesce(nullif(p.profile->>'lastName', ''), u.last_name, '')) as name`))
      // Those who have not submitted yet come last whichever way the results are sorted.
      .orderBy([{ column: PARTICIPANT_SORT[sort.field], order: sort.order, nulls: 'last' }, { column: 'p.user_id' }])
      .offset(range.start)
      .limit(range.end - range.start + 1)) as Record<string, string | null | Date | string[]>[];
    const out: AdminParticipant[] = rows.map((r) => {
      // What the user entered when registering wins over the profile as it is now (as the public pages do).
      const p = profileOf(r.profile);
      const pick = (key: string, column: string) => p[key] || (r[column] as string | null) || '';
      // A quiz's result counts once the attempt is submitted (as the public participants page has it).
      const submitted = r.attempt === 'submitted';
      return {
        id: `${listing.id}:${r.user_id as string}`,
        userId: r.user_id as string,
        name: `${pick('firstName', 'first_name')} ${pick('lastName', 'last_name')}`.trim(),
        username: (r.username as string | null) ?? '',
        email: (r.email as string | null) ?? '',
        mobile: pick('mobile', 'mobile'),
        college: pick('college', 'college'),
        course: pick('course', 'course'),
        branch: pick('branch', 'branch'),
        collegeYear: pick('collegeYear', 'college_year'),
        country: pick('country', 'country'),
        state: pick('state', 'state'),
        address: pick('address', 'address'),
        skills: Array.isArray(r.skills) ? r.skills : [],
        paymentStatus: r.payment_status as string,
        registeredAt: isoOf(r.registered_at as Date | string),
        score: submitted ? Number(r.calculated_marks) : null,
        timeTaken: submitted ? Number(r.time_taken) : null,
        completedAt: submitted ? isoOf(r.submitted_at as Date | string) : null,
        checkedInAt: r.checked_in_at ? isoOf(r.checked_in_at as Date | string) : null,
      };
    });
    sendList(res, 'participants', { start: range.start, rows: out, total });
  });
  return router;
}
