import { expect } from 'vitest';
import type { Agent } from '@circuit/embedded/testing/test-app';
import type { EventWritten } from '@circuit/shared/api/events';
import type { HackathonWritten } from '@circuit/shared/api/hackathons';
import type { QuizWrittenSchema } from '@circuit/shared/api/quizzes';
import type { z } from 'zod';
import type { ListingLife } from './listing-view';

/** What a view says of a listing that exists, is not deleted and was approved: the one registrations are open to. */
export const acceptedListing: ListingLife = { exists: true, deleted: false, status: 'accepted' };

const DAY = 86_400_000;
let serial = 0;

/**
 * What each listing form of an HTTP test needs anew: a username no other call gets
 * (`<prefix>-<n>-<time>`, the time keeping apart the runs that share a database), the call's number
 * for a title, and instants a whole number of days from `now` (the test app's clock) for its dates.
 */
export function freshListingForm(prefix: string, now: Date): { serial: number; username: string; daysFromNow(days: number): string } {
  serial += 1;
  return {
    serial,
    username: `${prefix}-${serial}-${Date.now().toString(36)}`,
    daysFromNow: (days) => new Date(now.getTime() + days * DAY).toISOString(),
  };
}

export type FormCase = [overrides: Record<string, unknown>, message: string];

/**
 * The rules of spec 2 section 5 that the hackathon and the event form share, each case breaking
 * one of them over a valid form, with the message that answers it. The last breaks two: the
 * answer names the one the spec lists first.
 */
export const sharedListingRuleCases: readonly FormCase[] = [
  [{ username: 'a b' }, 'Username can only contain letters, numbers, underscores, and hyphens'],
  [{ username: 'ab' }, 'Username must be between 3 and 30 characters'],
  [{ title: '' }, 'Title is required'],
  [{ shortDescription: 'x'.repeat(201) }, 'Short description cannot exceed 200 characters'],
  [{ description: '<p> </p>' }, 'Description is required'],
  [{ organization: { name: '' } }, 'Organization name is required'],
  [{ dates: { startDate: '2030-01-02T00:00:00Z', endDate: '2030-01-01T00:00:00Z', registrationDeadline: '2029-12-01T00:00:00Z' } }, 'End date must be after start date'],
  [{ dates: { startDate: '2030-01-02T00:00:00Z', endDate: '2030-01-05T00:00:00Z', registrationDeadline: '2030-01-03T00:00:00Z' } }, 'Registration deadline must be before start date'],
  [{ title: '', organization: { name: '' } }, 'Title is required'],
];

/** Sends a valid form with each case's overrides and expects 400 with the case's message. */
export async function expectFormsRefused(
  send: (overrides: Record<string, unknown>) => PromiseLike<{ status: number; body: { message?: unknown } }>,
  cases: readonly FormCase[],
): Promise<void> {
  for (const [overrides, message] of cases) {
    const res = await send(overrides);
    expect([res.status, res.body.message]).toEqual([400, message]);
  }
}

type Written = { hackathons: HackathonWritten; events: EventWritten; quizzes: z.infer<typeof QuizWrittenSchema> };

/**
 * A listing created by `organiser` through `POST /api/<kind>` and, when a moderator is given,
 * approved by them: the create answer's data. A refused create throws with the answer's body.
 */
export async function createdListing<Kind extends keyof Written>(kind: Kind, form: object, organiser: { agent: Agent }, moderator?: { agent: Agent }): Promise<Written[Kind]> {
  const created = await organiser.agent.post(`/api/${kind}`).send(form);
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
  const data = (created.body as { data: Written[Kind] }).data;
  if (moderator) await moderator.agent.post(`/api/admin/${kind}/${data.id}/approve`).send({}).expect(200);
  return data;
}

