import { seedId } from '../seed/seed-ids';
import type { Knex } from 'knex';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { quizAttemptStream, quizRosterStream, quizStream, type QuizContent } from '@circuit/shared/events/quizzes';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { FileStore } from '@circuit/shared/ports/file-store';
import { QuizFormSchema, type QuizCategory } from '@circuit/shared/validation/quizzes';
import { SEED_BANNER_FROM, storeSeedBanner } from '../seed/seed-banners';

const MIN = 60_000;
const DAY = 86_400_000;

type Bank = { question: string; options: string[]; correctAnswer: number }[];
const BANKS: Record<QuizCategory, { title: string; description: string; questions: Bank }> = {
  general: {
    title: 'World Capitals Sprint',
    description: 'How well do you know the capitals of the world? Ten minutes, five questions.',
    questions: [
      { question: 'What is the capital of Australia?', options: ['Sydney', 'Canberra', 'Melbourne', 'Perth'], correctAnswer: 1 },
      { question: 'What is the capital of Canada?', options: ['Toronto', 'Vancouver', 'Ottawa', 'Montreal'], correctAnswer: 2 },
      { question: 'What is the capital of Japan?', options: ['Tokyo', 'Osaka', 'Kyoto'], correctAnswer: 0 },
      { question: 'What is the capital of Brazil?', options: ['Rio de Janeiro', 'Sao Paulo', 'Brasilia', 'Salvador'], correctAnswer: 2 },
      { question: 'What is the capital of Kenya?', options: ['Nairobi', 'Mombasa'], correctAnswer: 0 },
    ],
  },
  technology: {
    title: 'JavaScript Under Pressure',
    description: 'Closures, promises and the event loop: a quick check for web developers.',
    questions: [
      { question: 'What does `typeof null` return?', options: ['"null"', '"object"', '"undefined"'], correctAnswer: 1 },
      { question: 'Which method turns a JSON string into an object?', options: ['JSON.stringify', 'JSON.parse', 'Object.from'], correctAnswer: 1 },
      { question: 'Which runs first?', options: ['setTimeout(fn, 0)', 'Promise.resolve().then(fn)'], correctAnswer: 1 },
      { question: 'Which keyword declares a block-scoped constant?', options: ['var', 'let', 'const'], correctAnswer: 2 },
      { question: 'What is `[1, 2, 3].at(-1)`?', options: ['1', '3', 'undefined'], correctAnswer: 1 },
    ],
  },
  business: {
    title: 'Startup Finance Basics',
    description: 'Runway, burn and equity: the numbers every founder should know.',
    questions: [
      { question: 'What is runway?', options: ['Months of cash left', 'Yearly revenue', 'Number of customers'], correctAnswer: 0 },
      { question: 'What does CAC stand for?', options: ['Customer acquisition cost', 'Cash after costs', 'Capital allocation cycle'], correctAnswer: 0 },
      { question: 'A cap table lists...', options: ['Who owns what share', 'Monthly expenses', 'Product features'], correctAnswer: 0 },
    ],
  },
  science: {
    title: 'Physics Fundamentals',
    description: 'Forces, energy and light, from first-year physics.',
    questions: [
      { question: 'What is the SI unit of force?', options: ['Joule', 'Newton', 'Watt', 'Pascal'], correctAnswer: 1 },
      { question: 'Light travels fastest in...', options: ['Water', 'Glass', 'Vacuum'], correctAnswer: 2 },
      { question: 'E = mc² relates energy and...', options: ['Mass', 'Charge', 'Momentum'], correctAnswer: 0 },
    ],
  },
  arts: {
    title: 'Indian Classical Arts',
    description: 'Dance forms, ragas and the masters behind them.',
    questions: [
      { question: 'Bharatanatyam comes from which state?', options: ['Kerala', 'Tamil Nadu', 'Odisha'], correctAnswer: 1 },
      { question: 'Kathakali is from...', options: ['Kerala', 'Punjab', 'Assam'], correctAnswer: 0 },
      { question: 'A raga performed at dawn is...', options: ['Bhairav', 'Yaman', 'Malkauns'], correctAnswer: 0 },
    ],
  },
  sports: {
    title: 'Cricket Trivia Night',
    description: 'Records, rules and legends of the game.',
    questions: [
      { question: 'How many balls in an over?', options: ['5', '6', '8'], correctAnswer: 1 },
      { question: 'Who scored the first ODI double century?', options: ['Sachin Tendulkar', 'Virender Sehwag', 'Rohit Sharma'], correctAnswer: 0 },
      { question: 'How many players per side?', options: ['9', '11', '12'], correctAnswer: 1 },
    ],
  },
  other: {
    title: 'Campus Life Fun Quiz',
    description: 'A light quiz about student life. Paid entry supports the club fund.',
    questions: [
      { question: 'Best time to start an assignment?', options: ['The night before', 'When it is set'], correctAnswer: 1 },
      { question: 'How many hours of sleep are recommended?', options: ['4', '6', '8'], correctAnswer: 2 },
    ],
  },
};

interface Plan {
  category: QuizCategory;
  /** Minutes from now: registration opens, closes; quiz starts, ends. */
  window: [number, number, number, number];
  review: 'accepted' | 'pending' | 'rejected';
  timeLimit: number;
  paid?: number;
}

/** Every category, and every time state: open and upcoming, running now, finished, not yet open; pending and rejected; one paid. */
const PLANS: Plan[] = [
  { category: 'general', window: [-3 * 24 * 60, -60, -3 * 24 * 60 + 60, -120], review: 'accepted', timeLimit: 10 },
  { category: 'technology', window: [-2 * 24 * 60, 3 * 24 * 60, -60, 3 * 24 * 60], review: 'accepted', timeLimit: 15 },
  { category: 'business', window: [-24 * 60, 5 * 24 * 60, 5 * 24 * 60, 6 * 24 * 60], review: 'accepted', timeLimit: 20 },
  { category: 'science', window: [2 * 24 * 60, 6 * 24 * 60, 7 * 24 * 60, 8 * 24 * 60], review: 'accepted', timeLimit: 30 },
  { category: 'arts', window: [-24 * 60, 4 * 24 * 60, 4 * 24 * 60, 4 * 24 * 60 + 120], review: 'pending', timeLimit: 10 },
  { category: 'sports', window: [-24 * 60, 4 * 24 * 60, 4 * 24 * 60, 4 * 24 * 60 + 120], review: 'rejected', timeLimit: 10 },
  { category: 'other', window: [-24 * 60, 10 * 24 * 60, 2 * 24 * 60, 10 * 24 * 60], review: 'accepted', timeLimit: 5, paid: 49 },
];

const PROFILE = { mobile: '9876543210', college: 'National Institute of Technology', course: 'B.Tech', branch: 'Computer Science', collegeYear: '3rd Year', country: 'India', state: 'Karnataka' };

export const SEED_QUIZ_COUNT = PLANS.length;

/**
 * Demo quizzes (docs/decisions.md#d24-demo-data-in-every-state: listings in every state). Written as the events the commands
 * would have appended, with the times they would have had, so the finished quiz carries a full
 * leaderboard of past attempts. Each quiz has a fixed id (seedId): skipped when the first one's stream
 * exists (an interrupted seed finishing, or a second run).
 */
export async function seedQuizzes(
  deps: {
    store: EventStore;
    /** @deprecated Not read: the seed finds its quizzes on the streams. Callers may still pass it. */
    knex?: Knex;
    now: Date;
    files?: FileStore;
  },
  users: { userId: string; firstName: string; lastName: string }[],
  moderatorId: string,
): Promise<string[]> {
  if ((await deps.store.readStream(quizStream(seedId('quiz', 0)), { maxCount: 1 })).length > 0) return [];
  const organiser = users[0]!;
  const ids: string[] = [];
  const at = (minutes: number) => new Date(deps.now.getTime() + minutes * MIN).toISOString();
  for (const [index, plan] of PLANS.entries()) {
    const bank = BANKS[plan.category];
    const [rs, re, s, e] = plan.window;
    const content: QuizContent = QuizFormSchema.parse({
      title: bank.title,
      image: deps.files ? await storeSeedBanner(deps.files, SEED_BANNER_FROM.quizzes + index) : '',
      description: `<p>${bank.description}</p>`,
      instructions: '<ul><li>One attempt per participant.</li><li>+4 for a correct answer, -2 for a wrong one.</li><li>Your answers are saved as you go.</li></ul>',
      eligibilityCriteria: '<p>Open to all students.</p>',
      category: plan.category,
      timeLimit: plan.timeLimit,
      maxParticipants: 200,
      tags: [plan.category],
      pricing: plan.paid ? { type: 'paid', amount: plan.paid, currency: 'INR' } : { type: 'free', amount: 0, currency: 'INR' },
      dates: { registrationStartDate: at(rs), registrationEndDate: at(re), startDate: at(s), endDate: at(e) },
      questions: bank.questions.map((q) => ({ ...q, points: 1 })),
    });
    const quizId = seedId('quiz', index);
    ids.push(quizId);
    const createdAt = at(Math.min(rs, 0) - 60);
    const ctx = { userId: organiser.userId, correlationId: 'seed' };
    const events: { type: string; data: unknown }[] = [{ type: 'QuizCreated', data: { quizId, createdBy: organiser.userId, content, at: createdAt } }];
    if (plan.review === 'accepted') events.push({ type: 'QuizApproved', data: { quizId, at: createdAt, byUserId: moderatorId } });
    if (plan.review === 'rejected') events.push({ type: 'QuizRejected', data: { quizId, reason: 'Please add sources for the answers.', at: createdAt, byUserId: moderatorId } });
    const finished = Date.parse(content.dates.endDate) < deps.now.getTime();
    const running = !finished && Date.parse(content.dates.startDate) <= deps.now.getTime();
    // The finished quiz: everyone but the organiser took it; the running one: a few have already submitted.
    // Nobody has registered for a quiz whose registration opens later: every seeded time is in the past.
    const registrationOpened = rs <= 0;
    const takers = plan.review !== 'accepted' || plan.paid || !registrationOpened ? [] : finished ? users.slice(1) : running ? users.slice(1, 4) : users.slice(1, 3);
    const registrations = takers.map((u) => ({
      type: 'QuizParticipantRegistered',
      data: { quizId, userId: u.userId, profile: { firstName: u.firstName, lastName: u.lastName, ...PROFILE }, paymentStatus: 'completed', at: at(Math.min(rs + 5, 0)) },
    }));
    await deps.store.append(quizStream(quizId), toNewEvents(events, ctx, createdAt), 'no_stream');
    if (registrations.length > 0) await deps.store.append(quizRosterStream(quizId), toNewEvents(registrations, ctx, createdAt), 'no_stream');
    if (!finished && !running) continue;
    for (const [i, u] of takers.entries()) {
      const startedAt = finished ? at(s + 5 + i) : at(-30 + i);
      const begin = Date.parse(startedAt);
      const timeTaken = Math.min(plan.timeLimit * 60, 45 + ((i * 37) % (plan.timeLimit * 60 - 45)));
      const attempt: { type: string; data: unknown }[] = [
        { type: 'QuizAttemptStarted', data: { quizId, userId: u.userId, startedAt, deadline: new Date(begin + plan.timeLimit * MIN).toISOString() } },
      ];
      content.questions.forEach((q, qi) => {
        // A spread of results: some right, some wrong, some left blank; two tie on marks and time.
        const pattern = (i + qi) % 4;
        if (pattern === 3 && i % 3 === 0) return;
        const selected = pattern === 2 ? (q.correctAnswer + 1) % q.options.length : q.correctAnswer;
        attempt.push({ type: 'QuizAnswerRecorded', data: { quizId, userId: u.userId, questionIndex: qi, selectedAnswer: selected, at: new Date(begin + (qi + 1) * 5000).toISOString() } });
      });
      attempt.push({ type: 'QuizAttemptSubmitted', data: { quizId, userId: u.userId, via: 'submit', timeTaken, at: new Date(begin + timeTaken * 1000).toISOString() } });
      await deps.store.append(quizAttemptStream(quizId, u.userId), toNewEvents(attempt, { userId: u.userId, correlationId: 'seed' }, startedAt), 'no_stream');
    }
  }
  return ids;
}
