import { z } from 'zod';
import { QUIZ_CATEGORIES, QUIZ_CURRENCIES } from '../validation/quizzes';
import { participantContactFields } from './participants';
import { Timestamp } from './users';

/**
 * The answer shapes of the quiz calls (spec 3 section 7), once for the server's contract (OpenAPI)
 * and the web app's types. Objects are strict: a field the server adds without saying so here
 * fails the HTTP tests.
 */

const Pricing = z.strictObject({ type: z.enum(['free', 'paid']), amount: z.number(), currency: z.enum(QUIZ_CURRENCIES) });
const Dates = z.strictObject({ registrationStartDate: Timestamp, registrationEndDate: Timestamp, startDate: Timestamp, endDate: Timestamp });
const Organizer = z.strictObject({ _id: z.string(), firstName: z.string(), lastName: z.string(), username: z.string() });
export const QuizPhaseSchema = z.enum(['upcoming', 'in_progress', 'completed']);
const Marking = z.strictObject({ correct: z.number(), incorrect: z.number() });

export const QuizCardSchema = z
  .strictObject({
    _id: z.string(),
    id: z.string(),
    title: z.string(),
    description: z.string(),
    image: z.string(),
    status: z.enum(['pending', 'accepted', 'rejected']).meta({ description: 'Moderation state; only accepted quizzes are public' }),
    phase: QuizPhaseSchema.meta({ description: "Upcoming, In Progress or Completed, from the dates by the server's clock" }),
    timeLimit: z.number().int(),
    category: z.enum(QUIZ_CATEGORIES),
    totalParticipants: z.number().int(),
    maxParticipants: z.number().int(),
    questionsCount: z.number().int(),
    pricing: Pricing,
    dates: Dates,
    organizer: Organizer,
    rejectionReason: z.string().nullable(),
    createdAt: Timestamp,
  })
  .meta({ id: 'QuizCard' });
export type QuizCard = z.infer<typeof QuizCardSchema>;

/** A question as its organiser sees it (edit); everyone else gets `questionsCount` only. */
export const QuizQuestionFullSchema = z.strictObject({ question: z.string(), options: z.array(z.string()), correctAnswer: z.number().int(), points: z.number().int() });

export const QuizSchema = QuizCardSchema.extend({
  instructions: z.string(),
  eligibilityCriteria: z.string(),
  passingScore: z.number(),
  tags: z.array(z.string()),
  marking: Marking,
  canManage: z.boolean().meta({ description: 'The viewer is the organiser or an admin (edit, participants, re-grade)' }),
  isSaved: z.boolean(),
  questions: z.array(QuizQuestionFullSchema).meta({ description: 'With the answer key, for the organiser and admins only; empty for everyone else' }),
}).meta({ id: 'Quiz' });
export type Quiz = z.infer<typeof QuizSchema>;

export const QuizPageSchema = z.strictObject({ page: z.number().int(), totalPages: z.number().int(), total: z.number().int(), limit: z.number().int() });

export const QuizRegistrationStatusSchema = z
  .strictObject({
    isRegistered: z.boolean(),
    quizRunning: z.boolean().meta({ description: "Between startDate and endDate by the server's clock" }),
    participant: z.strictObject({ paymentStatus: z.enum(['completed', 'pending', 'failed']) }).nullable(),
    attempt: z.enum(['none', 'started', 'submitted']),
  })
  .meta({ id: 'QuizRegistrationStatus' });
export type QuizRegistrationStatus = z.infer<typeof QuizRegistrationStatusSchema>;

const AnswerGiven = z.strictObject({ questionIndex: z.number().int(), selectedAnswer: z.number().int() });

/** The questions call: never the answer key. */
export const QuizQuestionsAnswerSchema = z
  .strictObject({
    _id: z.string(),
    title: z.string(),
    timeLimit: z.number().int(),
    instructions: z.string(),
    questions: z.array(z.strictObject({ question: z.string(), options: z.array(z.string()), points: z.number().int() })),
    startedAt: Timestamp,
    deadline: Timestamp,
    timeLeft: z.number().int().meta({ description: 'Seconds left by the server’s clock (a reopened tab resumes with this)' }),
    answers: z.array(AnswerGiven).meta({ description: 'The answers recorded so far' }),
  })
  .meta({ id: 'QuizQuestions' });
export type QuizQuestionsAnswer = z.infer<typeof QuizQuestionsAnswerSchema>;

export const QuizSubmitAnswerSchema = z
  .strictObject({
    calculatedMarks: z.number(),
    correctAnswers: z.number().int(),
    incorrectAnswers: z.number().int(),
    totalQuestions: z.number().int(),
    percentage: z.number(),
    timeTaken: z.number().int().meta({ description: 'Seconds, measured by the server' }),
    passed: z.boolean(),
  })
  .meta({ id: 'QuizSubmitResult' });
export type QuizSubmitAnswer = z.infer<typeof QuizSubmitAnswerSchema>;

const LeaderUser = z.strictObject({ _id: z.string(), firstName: z.string(), lastName: z.string(), username: z.string() });
export const LeaderboardEntrySchema = z.strictObject({
  rank: z.number().int(),
  user: LeaderUser,
  calculatedMarks: z.number(),
  timeTaken: z.number().int(),
  percentage: z.number(),
  correctAnswers: z.number().int(),
  totalQuestions: z.number().int(),
  completedAt: Timestamp,
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const AnswerReviewSchema = z.strictObject({
  questionIndex: z.number().int(),
  question: z.string(),
  options: z.array(z.string()),
  correctAnswer: z.number().int(),
  userAnswer: z.number().int(),
  isCorrect: z.boolean(),
  points: z.number(),
});

export const QuizLeaderboardSchema = z
  .strictObject({
    quiz: z.strictObject({ _id: z.string(), title: z.string(), totalQuestions: z.number().int(), marking: Marking, gradedAt: Timestamp.nullable(), phase: QuizPhaseSchema }),
    leaderboard: z.array(LeaderboardEntrySchema),
    userResult: LeaderboardEntrySchema.extend({ answers: z.array(AnswerReviewSchema) }).nullable(),
    previousGradings: z
      .array(z.strictObject({ gradedAt: Timestamp, marking: Marking, leaderboard: z.array(LeaderboardEntrySchema) }))
      .meta({ description: 'Rankings before each re-grade, newest first ("as graded on {date}")' }),
  })
  .meta({ id: 'QuizLeaderboard' });
export type QuizLeaderboard = z.infer<typeof QuizLeaderboardSchema>;

export const QuizParticipantSchema = z.strictObject({
  _id: z.string(),
  user: z.strictObject({ _id: z.string(), firstName: z.string(), lastName: z.string(), ...participantContactFields }),
  registrationDate: Timestamp,
  paymentStatus: z.enum(['completed', 'pending', 'failed']),
  score: z.number().nullable(),
  timeTaken: z.number().int().nullable(),
  completedAt: Timestamp.nullable(),
});
export type QuizParticipant = z.infer<typeof QuizParticipantSchema>;
export const QuizParticipantsSchema = z.strictObject({ quiz: z.strictObject({ _id: z.string(), title: z.string() }), participants: z.array(QuizParticipantSchema) }).meta({ id: 'QuizParticipants' });
export type QuizParticipants = z.infer<typeof QuizParticipantsSchema>;

export const QuizWrittenSchema = z.strictObject({ _id: z.string(), id: z.string() });
