import type { CoHostRole } from '@circuit/shared/events/check-in';
import type { Knex } from 'knex';
import type { QuizContent } from '@circuit/shared/events/quizzes';
import type { AnswerReviewSchema, LeaderboardEntry, Quiz, QuizCard, QuizLeaderboard, QuizParticipant } from '@circuit/shared/api/quizzes';
import type { Marking } from '@circuit/shared/quizzes/scoring';
import type { QuizListQuery } from '@circuit/shared/validation/quizzes';
import { prefixQuery } from '@circuit/shared/read-models/listing-filters';
import type { z } from 'zod';
import { isoOf, json, rankSubmitted, type SubmittedAttemptRow } from './quiz-attempts';

/** Reads of the quiz read models (quizzes-projection.ts), shaped as the API answers them. */

export interface QuizRow {
  id: string;
  status: 'pending' | 'accepted' | 'rejected';
  title: string;
  category: QuizContent['category'];
  created_by: string;
  rejection_reason: string | null;
  total_participants: number;
  content: unknown;
  answer_key: unknown;
  marking: unknown;
  graded_at: Date | string | null;
  created_at: Date | string;
  org_first_name: string | null;
  org_last_name: string | null;
  org_username: string | null;
}

export interface Viewer {
  userId: string | null;
  role: string | null;
  /** Their co-host role on the listing asked about, where the query looked it up (a manager manages it like its organiser). */
  coHost?: CoHostRole | null;
}

export const mayManage = (row: Pick<QuizRow, 'created_by'>, viewer: Viewer) => viewer.userId === row.created_by || viewer.role === 'admin' || viewer.coHost === 'manager';
export const isStaff = (viewer: Viewer) => viewer.role === 'admin' || viewer.role === 'moderator';

export function phaseOf(content: QuizContent, now: Date): QuizCard['phase'] {
  if (now.getTime() < Date.parse(content.dates.startDate)) return 'upcoming';
  if (now.getTime() <= Date.parse(content.dates.endDate)) return 'in_progress';
  return 'completed';
}

const withOrganizer = (knex: Knex) =>
  knex('quizzes as q')
    .leftJoin('users as u', 'u.id', 'q.created_by')
    .select('q.*', 'u.first_name as org_first_name', 'u.last_name as org_last_name', 'u.username as org_username');

export function toQuizCard(row: QuizRow, now: Date): QuizCard {
  const content = json<QuizContent>(row.content);
  return {
    _id: row.id,
    id: row.id,
    title: content.title,
    description: content.description,
    image: content.image,
    status: row.status,
    phase: phaseOf(content, now),
    timeLimit: content.timeLimit,
    category: content.category,
    totalParticipants: row.total_participants,
    maxParticipants: content.maxParticipants,
    questionsCount: content.questions.length,
    pricing: content.pricing,
    dates: content.dates,
    organizer: { _id: row.created_by, firstName: row.org_first_name ?? '', lastName: row.org_last_name ?? '', username: row.org_username ?? '' },
    rejectionReason: row.rejection_reason,
    createdAt: isoOf(row.created_at),
  };
}

export function toQuiz(row: QuizRow, now: Date, viewer: Viewer, isSaved: boolean): Quiz {
  const content = json<QuizContent>(row.content);
  const canManage = mayManage(row, viewer);
  const key = json<number[]>(row.answer_key);
  return {
    ...toQuizCard(row, now),
    instructions: content.instructions,
    eligibilityCriteria: content.eligibilityCriteria,
    passingScore: content.passingScore,
    tags: content.tags,
    marking: json<Marking>(row.marking),
    canManage,
    isSaved,
    // The answer key is the organiser's: nobody else is sent it, before or after the quiz.
    questions: canManage ? content.questions.map((q, i) => ({ ...q, correctAnswer: key[i] ?? q.correctAnswer })) : [],
  };
}

export async function findQuizRow(knex: Knex, quizId: string): Promise<QuizRow | undefined> {
  return (await withOrganizer(knex).where('q.id', quizId).first()) as QuizRow | undefined;
}

/** The public list: accepted quizzes whose registration is open now (and, with showExpired, those whose registration ended), a page at a time. */
export async function listQuizzes(knex: Knex, query: QuizListQuery, now: Date) {
  const base = knex('quizzes as q').where('q.status', 'accepted').andWhere('q.registration_start', '<=', now);
  if (!query.showExpired) base.andWhere('q.registration_end', '>=', now);
  if (query.category && query.category !== 'all') base.andWhere('q.category', query.category);
  if (query.organizer) base.andWhere('q.created_by', query.organizer);
  const words = prefixQuery(query.search);
  if (words) base.andWhereRaw(`q.search @@ to_tsquery('simple', ?)`, [words]);
  const [{ count }] = (await base.clone().count({ count: '*' })) as [{ count: string | number }];
  const total = Number(count);
  const rows = (await base
    .clone()
    .leftJoin('users as u', 'u.id', 'q.created_by')
    .select('q.*', 'u.first_name as org_first_name', 'u.last_name as org_last_name', 'u.username as org_username')
    // Open registrations first, soonest closing first; ended ones after, most recent first.
    .orderByRaw(`(q.registration_end < ?) asc, case when q.registration_end >= ? then q.registration_end end asc, q.registration_end desc, q.id asc`, [now, now])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as QuizRow[];
  return { cards: rows.map((r) => toQuizCard(r, now)), pagination: { page: query.page, totalPages: Math.max(1, Math.ceil(total / query.limit)), total, limit: query.limit } };
}

/** Featured: accepted quizzes not over yet, soonest first; finished ones fill up the row. */
export async function featuredQuizzes(knex: Knex, limit: number, now: Date): Promise<QuizCard[]> {
  const rows = (await withOrganizer(knex)
    .where('q.status', 'accepted')
    .orderByRaw(`(q.end_date < ?) asc, q.start_date asc, q.id asc`, [now])
    .limit(limit)) as QuizRow[];
  return rows.map((r) => toQuizCard(r, now));
}

export async function quizCardsWhere(knex: Knex, filter: { createdBy?: string; registeredBy?: string; savedBy?: string }, now: Date): Promise<QuizCard[]> {
  const q = withOrganizer(knex).orderBy('q.created_at', 'desc').limit(200);
  if (filter.createdBy) q.where('q.created_by', filter.createdBy);
  if (filter.registeredBy) q.whereIn('q.id', knex('quiz_participants').where({ user_id: filter.registeredBy }).select('quiz_id')).andWhere('q.status', 'accepted');
  if (filter.savedBy) q.whereIn('q.id', knex('quiz_saves').where({ user_id: filter.savedBy }).select('quiz_id')).andWhere('q.status', 'accepted');
  return ((await q) as QuizRow[]).map((r) => toQuizCard(r, now));
}

interface SubmittedRow extends SubmittedAttemptRow {
  first_name: string | null;
  last_name: string | null;
  username: string | null;
}

interface StoredRanking {
  userId: string;
  rank: number;
  calculatedMarks: number;
  timeTaken: number;
  percentage: number;
  correctAnswers: number;
  totalQuestions: number;
  completedAt: string;
}

type Review = z.infer<typeof AnswerReviewSchema>;

/** The leaderboard as graded now, the viewer's own result with a per-question review, and the rankings re-grades replaced. */
export async function leaderboardOf(knex: Knex, row: QuizRow, viewer: Viewer, now: Date): Promise<QuizLeaderboard> {
  const content = json<QuizContent>(row.content);
  const key = json<number[]>(row.answer_key);
  const marking = json<Marking>(row.marking);
  const rows = (await knex('quiz_participants as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .where({ 'p.quiz_id': row.id, 'p.attempt': 'submitted' })
    .select('p.user_id', 'p.answers', 'p.time_taken', 'p.calculated_marks', 'p.correct_answers', 'p.percentage', 'p.submitted_at', 'u.first_name', 'u.last_name', 'u.username')) as SubmittedRow[];
  const names = new Map(rows.map((r) => [r.user_id, { _id: r.user_id, firstName: r.first_name ?? '', lastName: r.last_name ?? '', username: r.username ?? '' }]));
  const ranked = rankSubmitted(rows, key.length);
  const gradings = (await knex('quiz_gradings').where({ quiz_id: row.id }).orderBy('replaced_at', 'desc').select('graded_at', 'marking', 'ranking')) as {
    graded_at: Date | string;
    marking: unknown;
    ranking: unknown;
  }[];
  const missing = new Set(gradings.flatMap((g) => json<StoredRanking[]>(g.ranking).map((e) => e.userId)).filter((id) => !names.has(id)));
  if (missing.size) {
    for (const u of (await knex('users').whereIn('id', [...missing]).select('id', 'first_name', 'last_name', 'username')) as { id: string; first_name: string; last_name: string; username: string }[]) {
      names.set(u.id, { _id: u.id, firstName: u.first_name, lastName: u.last_name, username: u.username });
    }
  }
  const entryOf = (e: StoredRanking): LeaderboardEntry => ({
    rank: e.rank,
    user: names.get(e.userId) ?? { _id: e.userId, firstName: '', lastName: '', username: '' },
    calculatedMarks: e.calculatedMarks,
    timeTaken: e.timeTaken,
    percentage: e.percentage,
    correctAnswers: e.correctAnswers,
    totalQuestions: e.totalQuestions,
    completedAt: e.completedAt,
  });
  const leaderboard = ranked.map(entryOf);
  const mine = viewer.userId ? ranked.find((e) => e.userId === viewer.userId) : undefined;
  const myRow = mine ? rows.find((r) => r.user_id === mine.userId) : undefined;
  let userResult: QuizLeaderboard['userResult'] = null;
  if (mine && myRow) {
    const given = json<Record<string, number>>(myRow.answers);
    const answers: Review[] = content.questions.map((q, i) => {
      const userAnswer = given[String(i)] ?? -1;
      const correctAnswer = key[i] ?? q.correctAnswer;
      return { questionIndex: i, question: q.question, options: q.options, correctAnswer, userAnswer, isCorrect: userAnswer === correctAnswer, points: q.points };
    });
    userResult = { ...entryOf(mine), answers };
  }
  return {
    quiz: { _id: row.id, title: content.title, totalQuestions: key.length, marking, gradedAt: row.graded_at ? isoOf(row.graded_at) : null, phase: phaseOf(content, now) },
    leaderboard,
    userResult,
    previousGradings: gradings.map((g) => ({ gradedAt: isoOf(g.graded_at), marking: json<Marking>(g.marking), leaderboard: json<StoredRanking[]>(g.ranking).map(entryOf) })),
  };
}

export async function participantsOf(knex: Knex, quizId: string): Promise<QuizParticipant[]> {
  const rows = (await knex('quiz_participants as p')
    .join('users as u', 'u.id', 'p.user_id')
    .where('p.quiz_id', quizId)
    .orderBy('p.registered_at', 'asc')
    .select('p.*', 'u.username', 'u.email', 'u.address', 'u.skills', 'u.profile_picture', 'u.mobile as user_mobile')) as (Record<string, unknown> & {
    user_id: string;
    profile: unknown;
    registered_at: Date | string;
    payment_status: 'completed' | 'pending' | 'failed';
    attempt: string;
    calculated_marks: number | null;
    time_taken: number | null;
    submitted_at: Date | string | null;
    username: string;
    email: string;
    address: string;
    skills: string[];
    profile_picture: string | null;
    user_mobile: string | null;
  })[];
  return rows.map((r) => {
    const p = json<Record<string, string>>(r.profile);
    const submitted = r.attempt === 'submitted';
    return {
      _id: `${quizId}:${r.user_id}`,
      user: {
        _id: r.user_id,
        firstName: p.firstName ?? '',
        lastName: p.lastName ?? '',
        username: r.username,
        email: r.email,
        mobile: p.mobile || r.user_mobile || '',
        college: p.college ?? '',
        course: p.course ?? '',
        branch: p.branch ?? '',
        collegeYear: p.collegeYear ?? '',
        country: p.country ?? '',
        state: p.state ?? '',
        address: r.address,
        skills: r.skills ?? [],
        profilePicture: r.profile_picture,
      },
      registrationDate: isoOf(r.registered_at),
      paymentStatus: r.payment_status,
      score: submitted ? r.calculated_marks : null,
      timeTaken: submitted ? r.time_taken : null,
      completedAt: submitted && r.submitted_at ? isoOf(r.submitted_at) : null,
    };
  });
}
