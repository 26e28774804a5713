import { z } from 'zod';
import { QuizFormSchema } from '../validation/quizzes';
import { participantContactFields } from '../api/participants';

/**
 * Quiz events. The listing, its moderation and its re-grades live on `quiz-<id>`; its registrations
 * and their payments (the roster, so capacity and "one registration per user" are decided on one
 * stream) on `quiz-roster-<id>`. Registrations made before the roster had a stream of its own stand
 * on `quiz-<id>` and still count: the roster folds them first (command-service/src/quizzes/quiz-roster-store.ts).
 * Each participant's attempt (start, every answer as it is given, the submission) is on
 * `quiz-attempt-<quizId>-<userId>`, so a thousand people taking one quiz never contend.
 */

/** The quiz as stored: the validated form with sanitised rich text and ISO dates. */
export const QuizContentSchema = QuizFormSchema;
export type QuizContent = z.infer<typeof QuizContentSchema>;

export const MarkingSchema = z.object({ correct: z.number().int(), incorrect: z.number().int() });
export const QuizPaymentStatusSchema = z.enum(['completed', 'pending', 'failed']);
const { mobile, college, course, branch, collegeYear, country, state } = participantContactFields;
/** The registration form's fields as the participant sent them (the same field shapes the participants screen shows). */
export const QuizParticipantProfileSchema = z.object({ firstName: z.string(), lastName: z.string(), mobile, college, course, branch, collegeYear, country, state });

const by = { at: z.string(), byUserId: z.string() };

export const QuizEventSchemas = {
  QuizCreated: z.object({ quizId: z.string(), createdBy: z.string(), content: QuizContentSchema, at: z.string() }),
  /** The whole content after the edit (title and category unchanged). */
  QuizUpdated: z.object({ quizId: z.string(), content: QuizContentSchema, ...by }),
  QuizDeleted: z.object({ quizId: z.string(), ...by }),
  QuizApproved: z.object({ quizId: z.string(), ...by }),
  QuizRejected: z.object({ quizId: z.string(), reason: z.string(), ...by }),
  QuizParticipantRegistered: z.object({ quizId: z.string(), userId: z.string(), profile: QuizParticipantProfileSchema, paymentStatus: QuizPaymentStatusSchema, at: z.string() }),
  QuizPaymentCompleted: z.object({ quizId: z.string(), userId: z.string(), orderId: z.string(), paymentId: z.string(), at: z.string() }),
  QuizPaymentFailed: z.object({ quizId: z.string(), userId: z.string(), orderId: z.string(), reason: z.string(), at: z.string() }),
  /** A payment completed after the quiz was deleted: it bought nothing and is refunded. */
  QuizPaymentUnplaced: z.object({ quizId: z.string(), userId: z.string(), orderId: z.string(), paymentId: z.string(), at: z.string() }),
  /**
   * The organiser corrected the answer key or the marking after the fact. Carries the whole key
   * and marking before and after, so the previous grading stays readable from the event alone.
   */
  QuizRegraded: z.object({
    quizId: z.string(),
    answerKey: z.array(z.number().int()),
    marking: MarkingSchema,
    previousAnswerKey: z.array(z.number().int()),
    previousMarking: MarkingSchema,
    ...by,
  }),
  /** The first questions fetch: the server's clock starts here. */
  QuizAttemptStarted: z.object({ quizId: z.string(), userId: z.string(), startedAt: z.string(), deadline: z.string() }),
  /** One answer as it is given (selectedAnswer -1 clears it). */
  QuizAnswerRecorded: z.object({ quizId: z.string(), userId: z.string(), questionIndex: z.number().int(), selectedAnswer: z.number().int(), at: z.string() }),
  /** The attempt ended: by the participant, or closed by the server at the deadline. timeTaken in seconds, measured by the server. */
  QuizAttemptSubmitted: z.object({ quizId: z.string(), userId: z.string(), via: z.enum(['submit', 'auto']), timeTaken: z.number().int(), at: z.string() }),
  QuizSaved: z.object({ quizId: z.string(), userId: z.string(), at: z.string() }),
  QuizUnsaved: z.object({ quizId: z.string(), userId: z.string(), at: z.string() }),
} as const;

export const quizStream = (quizId: string) => `quiz-${quizId}`;
export const quizRosterStream = (quizId: string) => `quiz-roster-${quizId}`;
/** Where a quiz's roster events stand, oldest first: those from before the roster's own stream, then the roster's. */
export const quizRosterStreams = (quizId: string) => [quizStream(quizId), quizRosterStream(quizId)];
export const quizAttemptStream = (quizId: string, userId: string) => `quiz-attempt-${quizId}-${userId}`;
export const quizSaveStream = (quizId: string, userId: string) => `quiz-save-${quizId}-${userId}`;

/** Bus topic: a quiz's leaderboard changed (payload `{ quizId }`); the realtime service tells the quiz's room. */
export const QUIZ_LEADERBOARD_TOPIC = 'quiz-leaderboard';
export const quizRoom = (quizId: string) => `quiz:${quizId}`;
