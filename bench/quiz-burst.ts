/**
 * `npm run bench:quizzes -- [--participants 1000] [--window 60]`
 *
 * A quiz-start burst on Postgres (BENCH_DATABASE_URL, a schema of its own): starts the embedded
 * app in a child process, appends an accepted quiz (10 questions, 5 minutes) to its store, signs
 * up N participants who register for it, then within `--window` seconds every participant fetches
 * the questions (the server starts their attempt) and submits a random set of answers. Prints the
 * p50/p99 of the questions call and of submit, and checks that every submission was scored (the
 * organiser's participant list has a score for each). Exits 1 if any submission failed or was not
 * scored.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { createKnex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { quizStream } from '@circuit/shared/events/quizzes';
import { QuizFormSchema } from '@circuit/shared/validation/quizzes';
import type { QuizParticipants } from '@circuit/shared/api/quizzes';
import { client, inBatches, startServer } from './app';
import { fmt, intArg, percentile, table } from './lib';

const { values } = parseArgs({ options: { participants: { type: 'string', default: '1000' }, window: { type: 'string', default: '60' } } });
const PARTICIPANTS = intArg(values.participants, 1000);
const WINDOW_S = intArg(values.window, 60);
const QUESTIONS = 10;
const profile = { agreeToTerms: true, firstName: 'Bench', lastName: 'User', mobile: '9876543210', college: 'Bench College', course: 'B.Tech', branch: 'Computer Science', collegeYear: '2nd Year', country: 'India', state: 'Karnataka' };

const server = await startServer({ database: 'postgres' });
const { call, createUser } = client(server.base);
try {
  const setupStarted = Date.now();
  const [organiser, ...users] = await inBatches(PARTICIPANTS + 1, 20, createUser);

  // An accepted quiz running now, appended to the app's store as create and approve would.
  const knex = await createKnex({ kind: 'postgres', url: server.databaseUrl!, poolMax: 2 });
  const store = await PostgresEventStore.create(knex);
  const quizId = crypto.randomUUID();
  const now = Date.now();
  const content = QuizFormSchema.parse({
    title: 'Bench burst',
    description: '<p>Bench</p>',
    timeLimit: 5,
    maxParticipants: PARTICIPANTS + 10,
    dates: { registrationStartDate: new Date(now - 60_000).toISOString(), registrationEndDate: new Date(now + 3_600_000).toISOString(), startDate: new Date(now - 60_000).toISOString(), endDate: new Date(now + 3_600_000).toISOString() },
    questions: Array.from({ length: QUESTIONS }, (_, i) => ({ question: `Q${i}`, options: ['a', 'b', 'c', 'd'], correctAnswer: i % 4, points: 1 })),
  });
  const at = new Date().toISOString();
  await store.append(
    quizStream(quizId),
    toNewEvents(
      [
        { type: 'QuizCreated', data: { quizId, createdBy: organiser!.id, content, at } },
        { type: 'QuizApproved', data: { quizId, at, byUserId: organiser!.id } },
      ],
      {},
      at,
    ),
    'no_stream',
  );
  await store.close();
  await knex.destroy();
  for (let t = 0; (await fetch(`${server.base}/api/quizzes/${quizId}`)).status !== 200; t++) {
    if (t > 300) throw new Error('the quiz never reached the read models');
    await new Promise((r) => setTimeout(r, 100));
  }
  await inBatches(users.length, 20, (i) => call('POST', `/api/quizzes/${quizId}/register`, profile, users[i]!.cookie));
  console.error(`setup: ${users.length} participants registered in ${fmt((Date.now() - setupStarted) / 1000)} s; the burst takes ${WINDOW_S} s`);

  // Everyone starts in the first half of the window and submits before it ends.
  const questionsMs: number[] = [];
  const submitMs: number[] = [];
  let failures = 0;
  const burstStarted = Date.now();
  await Promise.all(
    users.map(async (u) => {
      await new Promise((r) => setTimeout(r, Math.random() * (WINDOW_S * 500)));
      try {
        let t = performance.now();
        await call('GET', `/api/quizzes/${quizId}/questions`, undefined, u.cookie);
        questionsMs.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, Math.random() * (WINDOW_S * 400)));
        const answers = Array.from({ length: QUESTIONS }, (_, i) => ({ questionIndex: i, selectedAnswer: Math.floor(Math.random() * 5) - 1 })).filter((a) => a.selectedAnswer >= 0);
        t = performance.now();
        await call('POST', `/api/quizzes/${quizId}/submit`, { answers }, u.cookie);
        submitMs.push(performance.now() - t);
      } catch (error) {
        failures++;
        if (failures <= 5) console.error(String(error));
      }
    }),
  );
  const burstSeconds = (Date.now() - burstStarted) / 1000;
  const list = (await call('GET', `/api/quizzes/${quizId}/participants`, undefined, organiser!.cookie)).json.data as unknown as QuizParticipants;
  const scored = list.participants.filter((p) => p.score !== null).length;
  questionsMs.sort((a, b) => a - b);
  submitMs.sort((a, b) => a - b);
  table(
    ['participants', 'burst (s)', 'submitted', 'scored', 'failed', 'questions p50 (ms)', 'questions p99 (ms)', 'submit p50 (ms)', 'submit p99 (ms)'],
    [[users.length, fmt(burstSeconds), submitMs.length, scored, failures, fmt(percentile(questionsMs, 50)), fmt(percentile(questionsMs, 99)), fmt(percentile(submitMs, 50)), fmt(percentile(submitMs, 99))]],
  );
  if (failures > 0 || scored !== users.length) process.exitCode = 1;
} finally {
  await server.stop();
}
