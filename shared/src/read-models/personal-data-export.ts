import type { Knex } from 'knex';
import type { DataExportSectionKey, DataExportTables } from '../personal-data/export-contents';
import { NOTIFICATIONS_TABLE } from './notifications';
import { SOCIAL_TABLES } from './social';

/** Columns that are bookkeeping of the read models (feed positions, search vectors), not anyone's data. */
const BOOKKEEPING = new Set(['position', 'search', 'username_lower', 'email_lower']);

const plain = (rows: readonly Record<string, unknown>[]) => rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !BOOKKEEPING.has(column))));

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

interface QuizQuestion {
  question: string;
  options: string[];
}

/** One row per question answered, with the question's text, the option chosen and the right one. */
async function quizAnswers(knex: Knex, userId: string) {
  const attempts = (await knex('quiz_participants as p')
    .join('quizzes as q', 'q.id', 'p.quiz_id')
    .where('p.user_id', userId)
    .whereNot('p.attempt', 'none')
    .orderBy('p.started_at')
    .select('p.quiz_id', 'q.title as quiz_title', 'p.answers', 'q.content', 'q.answer_key')) as { quiz_id: string; quiz_title: string; answers: unknown; content: unknown; answer_key: unknown }[];
  return attempts.flatMap((a) => {
    const questions = json<{ questions?: QuizQuestion[] }>(a.content).questions ?? [];
    const key = json<number[] | null>(a.answer_key) ?? [];
    const answers = json<Record<string, number>>(a.answers) ?? {};
    return Object.entries(answers)
      .map(([index, chosen]) => ({ index: Number(index), chosen }))
      .sort((x, y) => x.index - y.index)
      .map(({ index, chosen }) => ({
        quiz_id: a.quiz_id,
        quiz_title: a.quiz_title,
        question_number: index + 1,
        question: questions[index]?.question ?? '',
        your_answer: questions[index]?.options[chosen] ?? '',
        correct_answer: key[index] === undefined ? '' : (questions[index]?.options[key[index]] ?? ''),
        is_correct: key[index] === chosen,
      }));
  });
}

/**
 * One section of a person's data export, from the read models: their own rows, with the titles and
 * usernames that make them readable. Payments have no read model; the command side reads them from
 * the event store.
 */
export async function personalDataSection(knex: Knex, userId: string, section: Exclude<DataExportSectionKey, 'payments'>): Promise<DataExportTables> {
  const people = (table: string, idColumn: string, alias: string) =>
    knex(`${table} as r`).join('users as u', 'u.id', `r.${idColumn}`).select(`u.id as ${alias}_id`, `u.username as ${alias}_username`, 'r.created_at as since');
  switch (section) {
    case 'profile':
      return { profile: plain(await knex('users').where({ id: userId }).select('*')) };
    case 'projects':
      return {
        portfolio_projects: plain(await knex('projects').where({ owner_id: userId }).orderBy('created_at').select('*')),
        hackathon_projects: plain(
          await knex('hackathon_projects as p')
            .leftJoin('hackathons as h', 'h.id', 'p.hackathon_id')
            .whereRaw('? = any(p.member_ids)', [userId])
            .select('p.*', 'h.title as hackathon_title'),
        ),
      };
    case 'connections':
      return {
        followers: await people(SOCIAL_TABLES.follows, 'follower_id', 'follower').where('r.followee_id', userId).orderBy('r.created_at'),
        following: await people(SOCIAL_TABLES.follows, 'followee_id', 'followee').where('r.follower_id', userId).orderBy('r.created_at'),
        connections: await people(SOCIAL_TABLES.connections, 'other_id', 'connection').where('r.user_id', userId).orderBy('r.created_at'),
      };
    case 'registrations':
      return {
        hackathon_registrations: plain(
          await knex('hackathon_participants as p')
            .leftJoin('hackathons as h', 'h.id', 'p.hackathon_id')
            .leftJoin('hackathon_teams as t', 't.id', 'p.team_id')
            .where('p.user_id', userId)
            .orderBy('p.registered_at')
            .select('p.hackathon_id', 'h.title as hackathon_title', 'p.registered_at', 'p.payment_status', 'p.profile', 'p.team_id', 't.name as team_name', 't.status as team_status', knex.raw('t.creator_id = ? as team_creator', [userId])),
        ),
        event_registrations: plain(
          await knex('event_attendees as a').leftJoin('events as e', 'e.id', 'a.event_id').where('a.user_id', userId).orderBy('a.registered_at').select('a.event_id', 'e.title as event_title', 'a.registered_at', 'a.payment_status', 'a.via', 'a.profile'),
        ),
        quiz_registrations: plain(
          await knex('quiz_participants as p').leftJoin('quizzes as q', 'q.id', 'p.quiz_id').where('p.user_id', userId).orderBy('p.registered_at').select('p.quiz_id', 'q.title as quiz_title', 'p.registered_at', 'p.payment_status', 'p.profile'),
        ),
      };
    case 'quiz-answers':
      return {
        quiz_attempts: plain(
          await knex('quiz_participants as p')
            .leftJoin('quizzes as q', 'q.id', 'p.quiz_id')
            .where('p.user_id', userId)
            .whereNot('p.attempt', 'none')
            .orderBy('p.started_at')
            .select('p.quiz_id', 'q.title as quiz_title', 'p.attempt', 'p.started_at', 'p.deadline', 'p.submitted_at', 'p.time_taken', 'p.calculated_marks', 'p.correct_answers', 'p.percentage'),
        ),
        quiz_answers: await quizAnswers(knex, userId),
      };
    case 'reviews':
      return {
        reviews: plain(await knex('hackathon_reviews as r').leftJoin('hackathons as h', 'h.id', 'r.hackathon_id').where('r.user_id', userId).orderBy('r.created_at').select('r.*', 'h.title as hackathon_title')),
      };
    case 'messages':
      return {
        private_messages: plain(
          await knex('chat_messages as m').leftJoin('users as u', 'u.id', 'm.to_id').where('m.from_id', userId).orderBy('m.created_at').select('m.*', 'u.username as to_username'),
        ),
        community_posts: plain(
          await knex('community_messages as m').leftJoin('hackathons as h', 'h.id', 'm.hackathon_id').where('m.user_id', userId).orderBy('m.created_at').select('m.*', 'h.title as hackathon_title'),
        ),
      };
    case 'notifications':
      return {
        notifications: plain(
          await knex(`${NOTIFICATIONS_TABLE} as n`).leftJoin('users as u', 'u.id', 'n.from_user_id').where('n.user_id', userId).orderBy('n.created_at').select('n.*', 'u.username as from_username'),
        ),
      };
  }
}
