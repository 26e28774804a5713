import { expect, it } from 'vitest';
import { eventRosterStream } from '@circuit/shared/events/event-registrations';
import type { TestApp } from '@circuit/embedded/testing/test-app';
import { describeOnBothDatabases } from '@circuit/embedded/testing/both-databases';
import type { CommandServiceDeps } from '../context';
import { createEventRegistrationService } from './event-registration-service';
import { fullProfile, listedEvent } from './event-fixtures';

/**
 * Acceptance 2 without the in-process queue: the roster stream's expected revision alone keeps
 * 30 simultaneous registrations for 5 places exact (5 registered, 25 in line at 1-25), on PGlite
 * and on a real Postgres (TEST_DATABASE_URL), where the appends truly race.
 */
function capacity(app: () => TestApp) {
  it('30 simultaneous registrations for 5 places, the store alone deciding: 5 in, 25 in line without gaps', async () => {
    const t = app();
    const [organiser, moderator] = await Promise.all([t.member(), t.member('moderator')]);
    const { id } = await listedEvent(organiser, moderator, t, { maxAttendees: 5 });
    const deps = { store: t.store, knex: t.knex, now: t.clock.now, progress: { waitFor: async () => true } } as unknown as CommandServiceDeps;
    const unqueued = createEventRegistrationService(deps, { createOrder: () => Promise.reject(new Error('no')), verify: () => Promise.reject(new Error('no')) }, { queueRosterCommands: false });
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => unqueued.register(`user-${i}`, id, { ...fullProfile, joinWaitlist: true }, {})));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const roster = await t.store.readStream(eventRosterStream(id));
    expect(roster.filter((e) => e.type === 'EventAttendeeRegistered')).toHaveLength(5);
    const line = roster.filter((e) => e.type === 'EventWaitlistJoined').map((e) => (e.data as { userId: string }).userId);
    expect(new Set(line).size).toBe(25);
    const positions = results.map((r) => (r.status === 'fulfilled' ? r.value.waitlistPosition : null)).filter((p): p is number => p !== null);
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });
}

describeOnBothDatabases('event capacity', { schemaLabel: 'event_capacity' }, capacity);
