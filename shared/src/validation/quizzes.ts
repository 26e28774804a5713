import { z } from 'zod';

/**
 * The quiz form of spec 3 (create and edit), as the web app sends it to POST /api/quizzes and
 * PUT /api/quizzes/{id}. The schema checks shapes and fills the spec's defaults;
 * `quizRuleViolations` checks the rules of section 5 in the spec's order, so the server and the
 * form show the same first message.
 */

export { QUIZ_CATEGORIES, QUIZ_CURRENCIES, QUIZ_LIMITS, QUIZ_DEFAULTS, DEFAULT_MARKING, type QuizCategory } from '../quizzes/limits';
import { QUIZ_CATEGORIES, QUIZ_CURRENCIES, QUIZ_LIMITS, QUIZ_DEFAULTS, DEFAULT_MARKING } from '../quizzes/limits';
export const QuizMessages = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  questionsRequired: 'At least one question is required',
  questionText: (n: number) => `Question ${n}: Question text is required`,
  optionsMin: (n: number) => `Question ${n}: At least 2 options are required`,
  optionEmpty: (n: number, m: number) => `Question ${n}: Option ${m} cannot be empty`,
  correctRange: (n: number) => `Question ${n}: Correct answer is out of range`,
  notFound: 'Quiz not found',
  notAvailable: 'Not Available',
  notAuthorizedEdit: 'You are not authorized to edit this quiz',
  notAuthorizedDelete: 'You are not authorized to delete this quiz',
  notStaff: 'Only moderators and admins can review quizzes',
  /** A rejection stands: approving it would publish what the organiser was told to change. */
  approveRejected: 'This quiz was rejected; it cannot be approved',
  created: 'Quiz created successfully! It will be reviewed within 24 to 48 hours.',
  updated: 'Quiz updated successfully',
  deleted: 'Quiz deleted successfully',
  registered: 'Successfully registered for quiz',
  alreadyRegistered: 'You are already registered for this quiz',
  registrationClosed: 'Registration is closed for this quiz',
  quizFull: 'This quiz is full',
  termsRequired: 'Please agree to the terms and conditions',
  notRegistered: 'You are not registered for this quiz',
  paymentRequired: 'Payment required. Please complete your payment before taking the quiz.',
  paymentVerification: 'Payment verification required. Please contact support.',
  paymentNotDue: 'No payment is due for this quiz',
  paymentSuccess: 'Payment successful! You can now take the quiz.',
  paymentFailed: 'Payment verification failed',
  notRunning: 'This quiz is not running right now',
  alreadyAttempted: 'You have already attempted this quiz',
  notStarted: 'Open the quiz questions before submitting',
  timeOver: 'The time for this quiz is over',
  questionOutOfRange: (i: number) => `Question index ${i} is out of range`,
  optionOutOfRange: (i: number) => `Question ${i + 1}: the selected option is out of range`,
  duplicateQuestion: (i: number) => `Question ${i + 1} is answered more than once`,
  submitted: 'Quiz submitted successfully',
  notOrganiser: 'Only the organiser of this quiz or an admin can do this',
  regraded: 'Quiz re-graded',
  nothingToRegrade: 'The answer key and marking are unchanged',
  leaderboardFailed: 'Failed to load leaderboard data',
} as const;

// A field left out gets its default from .default (which the edit schema unwraps); an empty input gets it here.
const numberish = (fallback: number) =>
  z.preprocess((v) => (v === '' || v === null ? fallback : typeof v === 'string' ? Number(v) : v), z.number().finite()).default(fallback);
const date = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), 'Dates must be valid dates')
  .default('');

export const QuizQuestionSchema = z.object({
  question: z.string().trim().max(2000).default(''),
  options: z.array(z.string().trim().max(500)).max(QUIZ_LIMITS.optionsMax, 'A question can have at most 6 options').default(['', '']),
  correctAnswer: numberish(0).pipe(z.number().int('The correct answer is an option index')),
  points: numberish(1).pipe(z.number().int().min(QUIZ_LIMITS.pointsMin, 'Points must be between 1 and 10').max(QUIZ_LIMITS.pointsMax, 'Points must be between 1 and 10')),
});
export type QuizQuestion = z.infer<typeof QuizQuestionSchema>;

export const QuizPricingSchema = z.object({
  type: z.enum(['free', 'paid']).default('free'),
  amount: numberish(0).pipe(z.number().min(0, 'The amount cannot be negative').max(1_000_000)),
  currency: z.enum(QUIZ_CURRENCIES).default('INR'),
});

export const QuizFormSchema = z.object({
  title: z.string().trim().max(QUIZ_LIMITS.titleMax, 'Title cannot exceed 200 characters').default(''),
  /** Rich HTML, sanitised by the server before it is stored. */
  description: z.string().max(50_000).default(''),
  instructions: z.string().max(50_000).default(''),
  eligibilityCriteria: z.string().max(50_000).default(''),
  category: z.enum(QUIZ_CATEGORIES, { error: `Category must be one of ${QUIZ_CATEGORIES.join(', ')}` }).default('general'),
  timeLimit: numberish(QUIZ_DEFAULTS.timeLimit).pipe(z.number().int().min(1, 'Time limit must be between 1 and 180 minutes').max(180, 'Time limit must be between 1 and 180 minutes')),
  passingScore: numberish(QUIZ_DEFAULTS.passingScore).pipe(z.number().min(0, 'Passing score must be between 0 and 100').max(100, 'Passing score must be between 0 and 100')),
  maxParticipants: numberish(QUIZ_DEFAULTS.maxParticipants).pipe(
    z.number().int().min(1, 'Max participants must be between 1 and 10000').max(QUIZ_LIMITS.maxParticipantsMax, 'Max participants must be between 1 and 10000'),
  ),
  pricing: QuizPricingSchema.default({ type: 'free', amount: 0, currency: 'INR' }),
  dates: z
    .object({ registrationStartDate: date, registrationEndDate: date, startDate: date, endDate: date })
    .default({ registrationStartDate: '', registrationEndDate: '', startDate: '', endDate: '' }),
  tags: z.array(z.string().trim().max(50)).max(20).default([]),
  questions: z.array(QuizQuestionSchema).max(QUIZ_LIMITS.questionsMax).default([]),
  /** An uploaded image's URL (POST /api/quizzes/upload-image), or '' for none. */
  image: z.string().trim().max(500).default(''),
});
export type QuizForm = z.infer<typeof QuizFormSchema>;
/** The edit: title and category are locked and never sent; pricing only when the amount is raised. */
export type QuizEdit = Partial<Omit<QuizForm, 'title' | 'category'>>;
/** A form field without its default, whether the default is on the field or on the input of its pipe (the numbers). */
function withoutDefault(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodDefault) return field.unwrap() as z.ZodType;
  if (field instanceof z.ZodPipe && field.in instanceof z.ZodDefault) return (field.in.unwrap() as z.ZodType).pipe(field.out as z.ZodType);
  return field;
}
// Without the form's defaults: a field the edit leaves out keeps its stored value.
const editShape = Object.fromEntries(
  Object.entries(QuizFormSchema.omit({ title: true, category: true }).shape).map(([key, field]) => [key, withoutDefault(field as z.ZodType).optional()]),
);
export const QuizEditSchema = z.object(editShape) as unknown as z.ZodType<QuizEdit>;

const blank = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';

/** Section 5's rules in the spec's order: the first is the one to show. */
/** Every broken rule of the quiz form, in the spec's order, each at its field (a dotted path into the form). */
export function quizRuleIssues(form: Pick<QuizForm, 'title' | 'description' | 'questions'>): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const push = (cond: boolean, message: string, path: string) => {
    if (cond) out.push({ path, message });
  };
  push(!form.title.trim(), QuizMessages.titleRequired, 'title');
  push(blank(form.description), QuizMessages.descriptionRequired, 'description');
  push(form.questions.length === 0, QuizMessages.questionsRequired, 'questions');
  form.questions.forEach((q, i) => {
    const n = i + 1;
    push(!q.question.trim(), QuizMessages.questionText(n), `questions.${i}.question`);
    push(q.options.length < QUIZ_LIMITS.optionsMin, QuizMessages.optionsMin(n), `questions.${i}.correctAnswer`);
    q.options.forEach((o, j) => push(!o.trim(), QuizMessages.optionEmpty(n, j + 1), `questions.${i}.options.${j}`));
    push(q.correctAnswer < 0 || q.correctAnswer >= q.options.length, QuizMessages.correctRange(n), `questions.${i}.correctAnswer`);
  });
  return out;
}

/** The broken rules' messages; the first is what the server answers. */
export const quizRuleViolations = (form: Pick<QuizForm, 'title' | 'description' | 'questions'>): string[] => quizRuleIssues(form).map((i) => i.message);

/** A new question as the form starts it (spec section 5). */
export const newQuestion = (): QuizQuestion => ({ question: '', options: ['', ''], correctAnswer: 0, points: 1 });

/** Removing option `removed`: the correct index shifts down if it is at or after the removed option (kept at 0). */
export function removeOption(q: QuizQuestion, removed: number): QuizQuestion {
  const options = q.options.filter((_, i) => i !== removed);
  const correctAnswer = q.correctAnswer >= removed && q.correctAnswer > 0 ? q.correctAnswer - 1 : q.correctAnswer;
  return { ...q, options, correctAnswer };
}

export const RegisterQuizBodySchema = z.object({
  agreeToTerms: z.literal(true, { error: QuizMessages.termsRequired }),
  firstName: z.string().trim().max(50).default(''),
  lastName: z.string().trim().max(50).default(''),
  mobile: z.string().trim().max(20).default(''),
  college: z.string().trim().max(200).default(''),
  course: z.string().trim().max(100).default(''),
  branch: z.string().trim().max(100).default(''),
  collegeYear: z.string().trim().max(50).default(''),
  country: z.string().trim().max(100).default(''),
  state: z.string().trim().max(100).default(''),
});
export type RegisterQuizBody = z.infer<typeof RegisterQuizBodySchema>;

/** Answers as the taking screen sends them: only answered ones (selectedAnswer -1 means unanswered). */
export const QuizAnswerSchema = z.object({
  questionIndex: z.number().int('questionIndex must be a whole number'),
  selectedAnswer: z.number().int('selectedAnswer must be a whole number'),
});
export const QuizAnswersBodySchema = z.object({ answers: z.array(QuizAnswerSchema).max(QUIZ_LIMITS.questionsMax).default([]) });
export const QuizSubmitBodySchema = QuizAnswersBodySchema.extend({
  /** What the browser measured; the server measures its own and keeps that. */
  timeTaken: z.number().min(0).optional(),
});

/** A re-grade: corrected answer keys (question index -> option index) and/or a new marking. */
export const RegradeBodySchema = z
  .object({
    answerKey: z.array(z.object({ questionIndex: z.number().int(), correctAnswer: z.number().int() })).max(QUIZ_LIMITS.questionsMax).default([]),
    marking: z.object({ correct: z.number().int().min(0).max(100), incorrect: z.number().int().min(-100).max(0) }).optional(),
  })
  .refine((b) => b.answerKey.length > 0 || b.marking, 'Give a corrected answer key or a new marking');

export const QuizRejectBodySchema = z.object({ reason: z.string().trim().min(1, 'A reason is required').max(1000) });

export const QuizListQuerySchema = z.object({
  search: z.string().trim().max(200).default(''),
  category: z.union([z.enum(QUIZ_CATEGORIES), z.literal(''), z.literal('all')]).default(''),
  organizer: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(48).default(QUIZ_LIMITS.pageSize),
  showExpired: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type QuizListQuery = z.infer<typeof QuizListQuerySchema>;
