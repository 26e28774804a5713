import type { Quiz, QuizLeaderboard } from '@circuit/shared/api/quizzes';
import { plural } from '../ui/plural';
import { fullName } from '../users/types';
import type { Availability } from './eventJsonLd';
import { dateSpan } from './listingFacts';
import { listingHead, listingSubpageHead } from './listingHead';
import { profilePath, urlOf, type PageHead, type Site } from './pageHead';
import { plainText } from './plainText';

/** Quizzes are taken in the browser: the answer has no place, only this. */
const ONLINE = { type: 'online', address: '', city: '', state: '', country: '' } as const;

/**
 * Registration by the quiz's own window: before it opens the place can be booked ahead (PreOrder, from
 * registrationStartDate), after it closes or once every place is taken there is none (SoldOut).
 */
function availabilityOf(quiz: Quiz, now: Date): Availability {
  const at = now.getTime();
  if (at < Date.parse(quiz.dates.registrationStartDate)) return 'PreOrder';
  if (at > Date.parse(quiz.dates.registrationEndDate) || quiz.totalParticipants >= quiz.maxParticipants) return 'SoldOut';
  return 'InStock';
}

/**
 * /quiz/{id}: the answer of GET /api/quizzes/{id}. Marked up as an online Event, not as a schema.org Quiz:
 * Google reads Quiz as flashcards whose questions and answers the page shows, and this page shows neither
 * (the questions come only with a timed attempt). `now` decides whether registration is open.
 */
export function headOfQuiz(quiz: Quiz, site: Site, now: Date = new Date()): PageHead {
  const minutes = `${quiz.timeLimit} ${plural(quiz.timeLimit, 'minute', 'minutes')}`;
  const questions = `${quiz.questionsCount} ${plural(quiz.questionsCount, 'question', 'questions')}`;
  return listingHead(site, {
    kind: 'quizzes',
    key: quiz.id,
    path: `/quiz/${encodeURIComponent(quiz.id)}`,
    name: quiz.title.trim() || 'Quiz',
    banner: quiz.image,
    facts: ['Online quiz', dateSpan(site, quiz.dates.startDate, quiz.dates.endDate), `${questions} in ${minutes}`],
    summary: plainText(quiz.description),
    isPublic: quiz.status === 'accepted',
    event: {
      startDate: quiz.dates.startDate,
      endDate: quiz.dates.endDate,
      location: ONLINE,
      organizer: { type: 'Person', name: fullName(quiz.organizer), url: urlOf(site, profilePath(quiz.organizer.username)) },
      offer: {
        price: quiz.pricing.type === 'paid' ? quiz.pricing.amount : 0,
        currency: quiz.pricing.currency,
        availability: availabilityOf(quiz, now),
        validFrom: quiz.dates.registrationStartDate,
        validThrough: quiz.dates.registrationEndDate,
      },
    },
  });
}

/** /quizzes/{id}/leaderboard: from the leaderboard answer's `quiz`; titled as the page titles itself. */
export function headOfLeaderboard(board: Pick<QuizLeaderboard, 'quiz'>, site: Site): PageHead {
  const name = board.quiz.title.trim() || 'Quiz';
  return listingSubpageHead(site, {
    title: `${name} leaderboard`,
    description: `Who ranks where in ${name} on Circuit: participants ranked by marks, then by the time they took.`,
    path: `/quizzes/${encodeURIComponent(board.quiz._id)}/leaderboard`,
    image: { kind: 'quizzes', key: board.quiz._id, name, banner: '' },
  });
}
