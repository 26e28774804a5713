import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { QUIZ_LEADERBOARD_TOPIC, quizAttemptStream, quizRosterStream, quizStream, type QuizContent } from '@circuit/shared/events/quizzes';
import { conflict, forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import { sanitizeListingHtml } from '@circuit/shared/hackathons/sanitize';
import { scoreAttempt } from '@circuit/shared/quizzes/scoring';
import type { PaymentOrder } from '@circuit/shared/api/payments';
import type { QuizQuestionsAnswer, QuizSubmitAnswer } from '@circuit/shared/api/quizzes';
import { QuizMessages as M, quizRuleViolations, type QuizEdit, type QuizForm, type RegisterQuizBody } from '@circuit/shared/validation/quizzes';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { keyedQueue } from '@circuit/shared/commands/keyed-queue';
import { profileDecider } from '../profiles/profile-decider';
import { userStream } from '@circuit/shared/events/accounts';
import type { ProfileFields } from '@circuit/shared/events/profiles';
import type { PaymentService } from '../payments/payment-service';
import { quizDecider, quizListing, quizRunning, type QuizCommand, type QuizState } from './quiz-decider';
import { quizInfoOf } from './quiz-info';
import { registrationOf, type QuizRosterCommand, type QuizRosterState } from './quiz-roster';
import { loadQuizRoster, quizRosterDeciderFor } from './quiz-roster-store';
import { attemptDecider, type Answer, type AttemptCommand, type AttemptContext } from './attempt-decider';
import { createListingService } from '../listings/listing-service';
import { isValidMobile, RegistrationProfileMessages } from '@circuit/shared/validation/registration-profile';

/** A roster command as the service gives it: the quiz's info and the time are added inside the queue. */
type RosterCommandOf<C> = C extends unknown ? Omit<C, 'info' | 'now'> : never;

const DAY = 86_400_000;
const iso = (v: string) => new Date(v).toISOString();

/**
 * The form as stored: section 5's rules in the spec's order (first message answered), rich text
 * sanitised, dates completed. A quiz without dates opens for registration now, runs from then for
 * 30 days, and takes registrations until it ends.
 */
export function quizContentOf(form: QuizForm, now: Date): QuizContent {
  const [first] = quizRuleViolations(form);
  if (first) throw refused(first);
  const d = form.dates;
  const registrationStartDate = d.registrationStartDate ? iso(d.registrationStartDate) : now.toISOString();
  const startDate = d.startDate ? iso(d.startDate) : registrationStartDate;
  const endDate = d.endDate ? iso(d.endDate) : new Date(Date.parse(startDate) + 30 * DAY).toISOString();
  const registrationEndDate = d.registrationEndDate ? iso(d.registrationEndDate) : endDate;
  if (Date.parse(endDate) <= Date.parse(startDate)) throw refused('End date must be after start date');
  if (Date.parse(registrationEndDate) < Date.parse(registrationStartDate)) throw refused('Registration end date must be after registration start date');
  return {
    ...form,
    description: sanitizeListingHtml(form.description),
    instructions: sanitizeListingHtml(form.instructions),
    eligibilityCriteria: sanitizeListingHtml(form.eligibilityCriteria),
    pricing: { ...form.pricing, type: form.pricing.type === 'paid' && form.pricing.amount > 0 ? 'paid' : 'free', amount: form.pricing.type === 'paid' ? form.pricing.amount : 0 },
    dates: { registrationStartDate, registrationEndDate, startDate, endDate },
  };
}

/** The edit on top of the stored quiz: title and category stay; pricing changes only when a paid quiz's amount is raised. */
export function editedForm(current: QuizContent, edit: QuizEdit): QuizForm {
  const raised = edit.pricing && edit.pricing.type === 'paid' && edit.pricing.amount > (current.pricing.type === 'paid' ? current.pricing.amount : 0);
  return {
    ...current,
    ...Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined)),
    title: current.title,
    category: current.category,
    pricing: raised && edit.pricing ? edit.pricing : current.pricing,
    dates: { ...current.dates, ...(edit.dates ?? {}) },
  };
}

const REQUIRED_FIELDS: [keyof RegisterQuizBody, string][] = [
  ['firstName', 'firstName'],
  ['lastName', 'lastName'],
  ['mobile', 'mobile'],
  ['college', 'college'],
  ['course', 'course'],
  ['branch', 'branch'],
  ['collegeYear', 'collegeYear'],
  ['country', 'country'],
  ['state', 'state'],
];

/** The registration modal's rules (spec section 2), on the server too. */
export function registrationViolation(body: RegisterQuizBody): string | null {
  const missing = REQUIRED_FIELDS.filter(([k]) => !String(body[k]).trim()).map(([, label]) => label);
  if (missing.length) return RegistrationProfileMessages.missingFields(missing);
  if (!isValidMobile(body.mobile)) return RegistrationProfileMessages.mobile;
  return null;
}

export type QuizPayments = Pick<PaymentService, 'createOrder' | 'verify'>;

/** Quiz use cases; each answers after the read models include what it appended. */
export function createQuizService(deps: CommandServiceDeps, payments: QuizPayments) {
  const now = deps.now ?? (() => new Date());
  // Roster commands of one quiz queue in this process instead of spending retries on each other.
  const queue = keyedQueue();
  const listings = createListingService(deps, quizListing);

  async function execute(command: QuizCommand, ctx: CommandContext) {
    const result = await queue(command.quizId, () => handleCommand(deps.store, quizStream(command.quizId), quizDecider, command, ctx, now));
    await caughtUp(deps.progress, result.position, result.events);
    return result;
  }

  async function quizOf(quizId: string): Promise<QuizState & { content: QuizContent }> {
    const { state } = await loadState(deps.store, quizStream(quizId), quizDecider);
    if (!state.exists || state.deleted || !state.content) throw notFound(M.notFound);
    return state as QuizState & { content: QuizContent };
  }

  function attemptContext(quiz: QuizState & { content: QuizContent }, roster: QuizRosterState, userId: string, at: Date): AttemptContext {
    return {
      quizId: quiz.quizId,
      userId,
      optionCounts: quiz.content.questions.map((q) => q.options.length),
      timeLimitMinutes: quiz.content.timeLimit,
      endsAt: quiz.content.dates.endDate,
      running: quiz.status === 'accepted' && quizRunning(quiz.content, at),
      registration: registrationOf(roster, userId) ?? 'none',
    };
  }

  async function attempt(quizId: string, userId: string, command: AttemptCommand, ctx: CommandContext) {
    return handleCommand(deps.store, quizAttemptStream(quizId, userId), attemptDecider, command, ctx, now);
  }

  async function leaderboardChanged(quizId: string) {
    try {
      await deps.bus.publish(QUIZ_LEADERBOARD_TOPIC, { quizId });
    } catch (error) {
      // Live updates are a courtesy: the submission stands, and the page reloads on its own.
      deps.log.warn({ err: error, quizId }, 'leaderboard update not published');
    }
  }

  // Roster commands of one quiz queue in this process instead of spending retries on each other.
  const rosterQueue = keyedQueue();

  /** Runs a roster command, the quiz's info folded fresh inside the queue (an edit just before counts); answers once the read models include it. */
  async function onRoster(quizId: string, command: RosterCommandOf<QuizRosterCommand>, ctx: CommandContext) {
    const result = await rosterQueue(quizId, async () => {
      const quiz = quizInfoOf(quizId, (await loadState(deps.store, quizStream(quizId), quizDecider)).state);
      const decider = await quizRosterDeciderFor(deps.store, quizId);
      return handleCommand(deps.store, quizRosterStream(quizId), decider, { ...command, info: quiz, now: now() } as QuizRosterCommand, ctx, now);
    });
    await caughtUp(deps.progress, result.position, result.events);
    return result;
  }

  /** The quiz and its roster, read side by side: what an attempt is decided on. */
  async function quizAndRoster(quizId: string) {
    return Promise.all([quizOf(quizId), loadQuizRoster(deps.store, quizId)]);
  }

  async function completePayment(quizId: string, userId: string, orderId: string, paymentId: string, ctx: CommandContext) {
    return onRoster(quizId, { type: 'CompletePayment', listingId: quizId, payer: userId, orderId, paymentId }, ctx);
  }

  return {
    completePayment,
    async failPayment(quizId: string, userId: string, orderId: string, reason: string, ctx: CommandContext) {
      return onRoster(quizId, { type: 'FailPayment', listingId: quizId, payer: userId, orderId, reason }, ctx);
    },

    async create(userId: string, form: QuizForm, ctx: CommandContext): Promise<string> {
      return (await listings.create(userId, quizContentOf(form, now()), ctx)).id;
    },
    async update(userId: string, quizId: string, edit: QuizEdit, ctx: CommandContext): Promise<void> {
      // Who may edit is answered before what is wrong with the edit.
      const quiz = await listings.editable(userId, quizId);
      const content = quizContentOf(editedForm(quiz.content, edit), now());
      await listings.update(userId, quizId, () => content, ctx);
    },
    /** Refuses (404, 403) before an upload is stored for a quiz the user may not edit. */
    async assertCanEdit(userId: string, quizId: string): Promise<void> {
      await listings.editable(userId, quizId);
    },
    async setImage(userId: string, quizId: string, image: string, ctx: CommandContext): Promise<void> {
      const quiz = await quizOf(quizId);
      await listings.update(userId, quizId, () => ({ ...quiz.content, image }), ctx);
    },
    async remove(userId: string, quizId: string, ctx: CommandContext): Promise<void> {
      await listings.remove(userId, quizId, ctx);
    },
    approve: listings.approve,
    reject: listings.reject,
    save: listings.save,

    /** Registers the user; a paid quiz answers requiresPayment and the order is made next. */
    async register(userId: string, quizId: string, body: RegisterQuizBody, ctx: CommandContext): Promise<{ requiresPayment: boolean }> {
      const violation = registrationViolation(body);
      if (violation) throw refused(violation);
      const { agreeToTerms: _agreed, ...profile } = body;
      const result = await onRoster(quizId, { type: 'Register', userId, profile }, ctx);
      // As for hackathons: the details given also complete the user's profile.
      const changes: Partial<ProfileFields> = Object.fromEntries(Object.entries(profile).filter(([, v]) => v));
      const updated = await handleCommand(deps.store, userStream(userId), profileDecider, { type: 'UpdateProfile', changes, now: now() }, ctx, now);
      await caughtUp(deps.progress, updated.position, updated.events);
      return { requiresPayment: registrationOf(result.state, userId) === 'pending' };
    },
    async createPaymentOrder(userId: string, quizId: string): Promise<PaymentOrder> {
      const [quiz, roster] = await quizAndRoster(quizId);
      const status = registrationOf(roster, userId);
      if (!status) throw forbidden(M.notRegistered);
      const { pricing } = quizInfoOf(quizId, quiz);
      if (status === 'completed' || pricing.type !== 'paid') throw conflict(M.paymentNotDue);
      return payments.createOrder(userId, { kind: 'quiz-registration', listingId: quizId, subjectId: userId }, Math.round(pricing.amount * 100), pricing.currency);
    },
    async verifyPayment(userId: string, quizId: string, body: { orderId: string; paymentId: string; signature: string }, ctx: CommandContext): Promise<void> {
      // A deleted quiz answers 404 here: nothing to close.
      await quizOf(quizId);
      const purpose = await payments.verify(userId, body.orderId, body.paymentId, body.signature);
      if (purpose.kind !== 'quiz-registration' || purpose.listingId !== quizId || purpose.subjectId !== userId) throw refused(M.paymentFailed);
      const result = await completePayment(quizId, userId, body.orderId, body.paymentId, ctx);
      // Completed before (by the webhook): wait for what the stream already holds.
      if (result.events.length === 0) await caughtUp(deps.progress, await deps.store.headPosition(), [{ type: 'QuizPaymentCompleted' }]);
    },

    /** The questions call: starts the attempt on the first fetch, resumes it after. Never carries the answers. */
    async questions(userId: string, quizId: string, ctx: CommandContext): Promise<QuizQuestionsAnswer> {
      const [quiz, roster] = await quizAndRoster(quizId);
      const at = now();
      const result = await attempt(quizId, userId, { type: 'Start', quiz: attemptContext(quiz, roster, userId, at), now: at }, ctx);
      // The close manager and the participants list read the start from the read models.
      await caughtUp(deps.progress, result.position, result.events);
      const a = result.state;
      return {
        _id: quizId,
        title: quiz.content.title,
        timeLimit: quiz.content.timeLimit,
        instructions: quiz.content.instructions,
        questions: quiz.content.questions.map((q) => ({ question: q.question, options: q.options, points: q.points })),
        startedAt: a.startedAt,
        deadline: a.deadline,
        timeLeft: Math.max(0, Math.round((Date.parse(a.deadline) - at.getTime()) / 1000)),
        answers: Object.entries(a.answers).map(([questionIndex, selectedAnswer]) => ({ questionIndex: Number(questionIndex), selectedAnswer })),
      };
    },
    /** Answers as they are given: nothing is lost with a closed tab. */
    async answer(userId: string, quizId: string, answers: Answer[], ctx: CommandContext): Promise<number> {
      const [quiz, roster] = await quizAndRoster(quizId);
      const at = now();
      const result = await attempt(quizId, userId, { type: 'RecordAnswers', quiz: attemptContext(quiz, roster, userId, at), answers, now: at }, ctx);
      return Object.keys(result.state.answers).length;
    },
    async submit(userId: string, quizId: string, answers: Answer[], ctx: CommandContext): Promise<QuizSubmitAnswer> {
      const [quiz, roster] = await quizAndRoster(quizId);
      const at = now();
      const result = await attempt(quizId, userId, { type: 'Submit', quiz: attemptContext(quiz, roster, userId, at), answers, now: at }, ctx);
      await caughtUp(deps.progress, result.position, result.events);
      await leaderboardChanged(quizId);
      const score = scoreAttempt(quiz.answerKey, result.state.answers, quiz.marking);
      return { ...score, timeTaken: result.state.timeTaken, passed: score.percentage >= quiz.content.passingScore };
    },
    /** The server closes an attempt left open past its deadline and grace (quiz-close-manager.ts). */
    async close(quizId: string, userId: string, ctx: CommandContext): Promise<boolean> {
      // A deleted quiz answers 404 here: nothing to close.
      await quizOf(quizId);
      const result = await attempt(quizId, userId, { type: 'Close', quizId, userId, now: now() }, ctx);
      if (result.events.length) {
        await caughtUp(deps.progress, result.position, result.events);
        await leaderboardChanged(quizId);
      }
      return result.events.length > 0;
    },
    async regrade(userId: string, quizId: string, body: { answerKey: { questionIndex: number; correctAnswer: number }[]; marking?: { correct: number; incorrect: number } }, ctx: CommandContext) {
      await execute({ type: 'Regrade', quizId, actor: await listings.hostActor(userId, quizId), answerKey: body.answerKey, marking: body.marking, now: now() }, ctx);
      await leaderboardChanged(quizId);
    },
  };
}

export type QuizService = ReturnType<typeof createQuizService>;
