import { describe, expect, it } from 'vitest';
import { quizAnswer, site } from './answerFixtures';
import type { JsonLd } from './pageHead';
import { headOfLeaderboard, headOfQuiz } from './quizHead';

const OPEN = new Date('2026-12-05T12:00:00.000Z');
const availability = (head: ReturnType<typeof headOfQuiz>) => (head.jsonLd[0]?.offers as JsonLd).availability;

describe('headOfQuiz', () => {
  const canonical = 'https://circuit.example/quiz/6650c3b4c3d4e5f6a7b8c9d2';

  it('titles, describes and points at /quiz/{id}', () => {
    const head = headOfQuiz(quizAnswer(), site, OPEN);
    expect(head.title).toBe('DSA Sprint #4 · Circuit');
    expect(head.canonical).toBe(canonical);
    expect(head.description).toBe('Online quiz · 15 Dec 2026 · 20 questions in 30 minutes. Twenty questions on arrays, graphs and dynamic programming.');
    expect(head.twitterCard).toBe('summary_large_image');
  });

  it('says one question and one minute in the singular', () => {
    expect(headOfQuiz(quizAnswer({ questionsCount: 1, timeLimit: 1 }), site, OPEN).description).toContain('· 1 question in 1 minute.');
  });

  it('points at the generated quiz card without an image, and at its image with one', () => {
    expect(headOfQuiz(quizAnswer(), site, OPEN).image).toEqual({
      url: 'https://circuit.example/og/quizzes/6650c3b4c3d4e5f6a7b8c9d2.png',
      alt: 'DSA Sprint #4',
      width: 1200,
      height: 630,
    });
    expect(headOfQuiz(quizAnswer({ image: '/uploads/quizzes/dsa.png' }), site, OPEN).image).toEqual({ url: 'https://circuit.example/uploads/quizzes/dsa.png', alt: 'DSA Sprint #4' });
  });

  it('is an online Event, paid, run by its organiser, on sale from its registration window', () => {
    expect(headOfQuiz(quizAnswer(), site, OPEN).jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: 'DSA Sprint #4',
        description: 'Twenty questions on arrays, graphs and dynamic programming.',
        startDate: '2026-12-15T13:30:00.000Z',
        endDate: '2026-12-15T14:30:00.000Z',
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
        location: { '@type': 'VirtualLocation', url: canonical },
        image: ['https://circuit.example/og/quizzes/6650c3b4c3d4e5f6a7b8c9d2.png'],
        url: canonical,
        organizer: { '@type': 'Person', name: 'Nikhil Verma', url: 'https://circuit.example/in/nikhilv' },
        offers: {
          '@type': 'Offer',
          url: canonical,
          price: 49,
          priceCurrency: 'INR',
          availability: 'https://schema.org/InStock',
          validFrom: '2026-11-30T18:30:00.000Z',
          validThrough: '2026-12-14T18:29:59.000Z',
        },
      },
    ]);
  });

  it('is free at 0', () => {
    const free = headOfQuiz(quizAnswer({ pricing: { type: 'free', amount: 0, currency: 'INR' } }), site, OPEN);
    expect((free.jsonLd[0]?.offers as JsonLd).price).toBe(0);
  });

  it('is PreOrder before registration opens and SoldOut after it closes or once full', () => {
    expect(availability(headOfQuiz(quizAnswer(), site, new Date('2026-11-28T20:00:00.000Z')))).toBe('https://schema.org/PreOrder');
    expect(availability(headOfQuiz(quizAnswer(), site, new Date('2026-12-14T18:30:00.000Z')))).toBe('https://schema.org/SoldOut');
    expect(availability(headOfQuiz(quizAnswer({ totalParticipants: 100 }), site, OPEN))).toBe('https://schema.org/SoldOut');
  });

  it('keeps a quiz in review out of the index', () => {
    expect(headOfQuiz(quizAnswer({ status: 'pending' }), site, OPEN).noindex).toBe(true);
    expect(headOfQuiz(quizAnswer(), site, OPEN).noindex).toBeUndefined();
  });
});

describe('headOfLeaderboard', () => {
  it('titles the leaderboard as its page does and shows the quiz card', () => {
    const quiz = { _id: '6650c3b4c3d4e5f6a7b8c9d2', title: 'DSA Sprint #4', totalQuestions: 20, marking: { correct: 4, incorrect: -2 }, gradedAt: null, phase: 'completed' as const };
    const head = headOfLeaderboard({ quiz }, site);
    expect(head.title).toBe('DSA Sprint #4 leaderboard · Circuit');
    expect(head.canonical).toBe('https://circuit.example/quizzes/6650c3b4c3d4e5f6a7b8c9d2/leaderboard');
    expect(head.image?.url).toBe('https://circuit.example/og/quizzes/6650c3b4c3d4e5f6a7b8c9d2.png');
  });
});
