/** The quiz constants of spec 3 (categories, limits, defaults, marking), in a module without zod so the web app's first load can use them. */

/** The quiz registration modal's country choices (spec 3 section 2); the profile's own field keeps spec 1's India / Other. */
export const QUIZ_REGISTRATION_COUNTRIES = ['India', 'International'] as const;

export const QUIZ_CATEGORIES = ['general', 'technology', 'business', 'science', 'arts', 'sports', 'other'] as const;
export const QUIZ_CURRENCIES = ['USD', 'INR', 'EUR'] as const;
export type QuizCategory = (typeof QUIZ_CATEGORIES)[number];

export const QUIZ_LIMITS = {
  titleMax: 200,
  timeLimitMin: 1,
  timeLimitMax: 180,
  maxParticipantsMax: 10_000,
  optionsMin: 2,
  optionsMax: 6,
  pointsMin: 1,
  pointsMax: 10,
  questionsMax: 200,
  pageSize: 12,
  featured: 8,
  /** Seconds after an attempt's deadline in which a submit still counts (network, a slow phone). */
  graceSeconds: 15,
} as const;

export const QUIZ_DEFAULTS = { timeLimit: 30, passingScore: 60, category: 'general', currency: 'INR', maxParticipants: 100 } as const;
/** The marking the spec shows (+4 correct, -2 incorrect, 0 unanswered); a re-grade may change it. */
export const DEFAULT_MARKING = { correct: 4, incorrect: -2 } as const;

