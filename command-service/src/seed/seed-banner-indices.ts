import { seedHackathonForms } from './seed-hackathons';
import { SEED_EVENT_COUNT } from './seed-events';
import { SEED_QUIZ_COUNT } from '../quizzes/seed-quizzes';
import { SEED_BANNER_FROM } from './seed-banners';

/** The banner index of every demo listing that has one (hackathons, events and quizzes). */
export function seedBannerIndices(): number[] {
  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
  return [
    ...range(SEED_BANNER_FROM.hackathons, seedHackathonForms(new Date()).length),
    ...range(SEED_BANNER_FROM.events, SEED_EVENT_COUNT),
    ...range(SEED_BANNER_FROM.quizzes, SEED_QUIZ_COUNT),
  ];
}
