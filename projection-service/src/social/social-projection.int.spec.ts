import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { createLogger } from '@circuit/shared/logger';
import { userStream } from '@circuit/shared/events/accounts';
import { relationshipStream, reportStream } from '@circuit/shared/events/social';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { readRelationship } from '@circuit/shared/read-models/social';
import { waitFor } from '@circuit/shared/testkit/wait';
import { migrateReadModels } from '../migrations';
import { ProjectionRunner } from '../runner/projection-runner';
import { usersProjection } from '../accounts/users-projection';
import { migrateSocialReadModels } from './migrations';
import { socialProjection } from './social-projection';

type SocialEvent = DomainEvent<
  'UserFollowed' | 'UserUnfollowed' | 'ConnectionRequested' | 'ConnectionAccepted' | 'ConnectionRejected' | 'ConnectionRemoved' | 'UserBlocked' | 'UserUnblocked'
>;

/** Events in, rows out: the social read models and the counts on `users`, live and after a rebuild. */
describe('social projection', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  const log = createLogger('test', 'silent');
  const [ASHA, RAVI, MEERA] = ['u-asha', 'u-ravi', 'u-meera'];
  let clock = Date.UTC(2025, 2, 1, 10, 0, 0);
  const tick = () => new Date((clock += 1000)).toISOString();

  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    store = await PostgresEventStore.create(knex, { pollIntervalMs: 20 });
    await migrateReadModels(knex);
    await migrateSocialReadModels(knex);
    runner = new ProjectionRunner(knex, store, [usersProjection, socialProjection], undefined, log);
    for (const [id, username] of [
      [ASHA, 'asha'],
      [RAVI, 'ravi'],
      [MEERA, 'meera'],
    ] as const) {
      const at = tick();
      await store.append(
        userStream(id),
        toNewEvents(
          [
            {
              type: 'UserRegistered',
              data: { userId: id, username, email: `${username}@example.com`, firstName: username, lastName: 'Test', passwordHash: null, role: 'user', emailVerified: true, registeredAt: at },
            },
          ],
          {},
          at,
        ),
        'any',
      );
    }
    await runner.start();
  });

  afterAll(async () => {
    await runner.stop();
    await store.close();
    await knex.destroy();
  });

  /** Appends one command's events on the pair's stream and waits until the live runner applied them. */
  async function happen(a: string, b: string, ...events: ((at: string) => SocialEvent)[]) {
    const at = tick();
    const { position } = await store.append(relationshipStream(a, b), toNewEvents(events.map((e) => e(at)), { causationId: randomUUID() }, at), 'any');
    await waitFor(async () => (await runner.checkpoint()) >= position, { message: 'the runner to apply the events' });
  }
  const e =
    <T extends SocialEvent['type']>(type: T, from: string, to: string) =>
    (at: string) =>
      ({ type, data: { from, to, at } }) as SocialEvent;

  async function counts(id: string) {
    return knex('users').where({ id }).first('followers_count', 'following_count', 'connections_count');
  }
  const c = (followers_count: number, following_count: number, connections_count: number) => ({ followers_count, following_count, connections_count });

  async function snapshot() {
    return {
      users: await knex('users').orderBy('id').select('id', 'followers_count', 'following_count', 'connections_count'),
      follows: await knex('user_follows').orderBy(['follower_id', 'followee_id']).select('*'),
      connections: await knex('user_connections').orderBy(['user_id', 'other_id']).select('*'),
      requests: await knex('connection_requests').orderBy(['from_id', 'to_id']).select('*'),
      blocks: await knex('user_blocks').orderBy(['blocker_id', 'blocked_id']).select('*'),
      reports: await knex('user_reports').orderBy('id').select('*'),
    };
  }

  it('counts a follow on both users, and an unfollow', async () => {
    await happen(ASHA, RAVI, e('UserFollowed', ASHA, RAVI));
    await happen(MEERA, RAVI, e('UserFollowed', MEERA, RAVI));
    expect(await counts(RAVI)).toEqual(c(2, 0, 0));
    expect(await counts(ASHA)).toEqual(c(0, 1, 0));
    expect(await knex('user_follows').where({ followee_id: RAVI }).orderBy('follower_id').pluck('follower_id')).toEqual([ASHA, MEERA]);

    await happen(MEERA, RAVI, e('UserUnfollowed', MEERA, RAVI));
    expect(await counts(RAVI)).toEqual(c(1, 0, 0));
    expect(await counts(MEERA)).toEqual(c(0, 0, 0));
  });

  it('a delivery applied twice changes no count', async () => {
    const [first] = await store.readStream(relationshipStream(ASHA, RAVI));
    await knex.transaction((trx) => socialProjection.applyBatch(trx, [first!]));
    expect(await counts(RAVI)).toEqual(c(1, 0, 0));
    expect(await counts(ASHA)).toEqual(c(0, 1, 0));
  });

  it('keeps a pending request, then accepting connects both ways with mutual follows', async () => {
    await happen(MEERA, ASHA, e('ConnectionRequested', MEERA, ASHA));
    expect(await knex('connection_requests').select('from_id', 'to_id')).toEqual([{ from_id: MEERA, to_id: ASHA }]);
    expect(await readRelationship(knex, MEERA, ASHA)).toMatchObject({ requestPending: true, requestReceived: false });
    expect(await readRelationship(knex, ASHA, MEERA)).toMatchObject({ requestPending: false, requestReceived: true });

    await happen(ASHA, MEERA, e('ConnectionAccepted', ASHA, MEERA), e('UserFollowed', ASHA, MEERA), e('UserFollowed', MEERA, ASHA));
    expect(await knex('connection_requests').select('*')).toEqual([]);
    expect(await knex('user_connections').orderBy('user_id').select('user_id', 'other_id')).toEqual([
      { user_id: ASHA, other_id: MEERA },
      { user_id: MEERA, other_id: ASHA },
    ]);
    expect(await counts(ASHA)).toEqual(c(1, 2, 1));
    expect(await counts(MEERA)).toEqual(c(1, 1, 1));
    expect(await readRelationship(knex, ASHA, MEERA)).toEqual({
      isConnected: true,
      isFollowing: true,
      isFollowedBy: true,
      requestPending: false,
      requestReceived: false,
      hasBlockedTarget: false,
      isBlockedByTarget: false,
    });
  });

  it('removing the connection drops it on both sides and keeps the follows', async () => {
    await happen(MEERA, ASHA, e('ConnectionRemoved', MEERA, ASHA));
    expect(await knex('user_connections').select('*')).toEqual([]);
    expect(await counts(ASHA)).toEqual(c(1, 2, 0));
    expect(await counts(MEERA)).toEqual(c(1, 1, 0));
  });

  it('a rejection ends the request without connecting', async () => {
    await happen(RAVI, MEERA, e('ConnectionRequested', RAVI, MEERA));
    await happen(RAVI, MEERA, e('ConnectionRejected', MEERA, RAVI));
    expect(await knex('connection_requests').select('*')).toEqual([]);
    expect(await counts(MEERA)).toEqual(c(1, 1, 0));
  });

  it('blocking removes follows, the connection and a pending request both ways, and counts it', async () => {
    // Ravi and Meera connect again; Ravi then has a pending request to Asha, who follows him.
    await happen(RAVI, MEERA, e('ConnectionRequested', MEERA, RAVI));
    await happen(RAVI, MEERA, e('ConnectionAccepted', RAVI, MEERA), e('UserFollowed', RAVI, MEERA), e('UserFollowed', MEERA, RAVI));
    await happen(ASHA, RAVI, e('ConnectionRequested', RAVI, ASHA));
    expect(await counts(RAVI)).toEqual(c(2, 1, 1));
    expect(await counts(MEERA)).toEqual(c(2, 2, 1));

    await happen(RAVI, MEERA, e('UserBlocked', MEERA, RAVI), e('UserUnfollowed', MEERA, RAVI), e('UserUnfollowed', RAVI, MEERA), e('ConnectionRemoved', MEERA, RAVI));
    await happen(ASHA, RAVI, e('UserBlocked', ASHA, RAVI), e('UserUnfollowed', ASHA, RAVI), e('ConnectionRejected', ASHA, RAVI));
    expect(await knex('user_blocks').orderBy('blocker_id').select('blocker_id', 'blocked_id')).toEqual([
      { blocker_id: ASHA, blocked_id: RAVI },
      { blocker_id: MEERA, blocked_id: RAVI },
    ]);
    expect(await knex('connection_requests').select('*')).toEqual([]);
    expect(await counts(RAVI)).toEqual(c(0, 0, 0));
    expect(await counts(MEERA)).toEqual(c(1, 1, 0));
    expect(await counts(ASHA)).toEqual(c(1, 1, 0));
    expect(await readRelationship(knex, RAVI, MEERA)).toMatchObject({ isBlockedByTarget: true, hasBlockedTarget: false, isFollowing: false });
  });

  it('unblocking lifts the block and restores nothing', async () => {
    await happen(ASHA, RAVI, e('UserUnblocked', ASHA, RAVI));
    expect(await knex('user_blocks').pluck('blocker_id')).toEqual([MEERA]);
    expect(await counts(RAVI)).toEqual(c(0, 0, 0));
    expect(await readRelationship(knex, ASHA, RAVI)).toMatchObject({ hasBlockedTarget: false, isFollowing: false });
  });

  it('records reports from their own streams', async () => {
    const reportId = randomUUID();
    const at = tick();
    const { position } = await store.append(reportStream(reportId), toNewEvents([{ type: 'UserReported', data: { reportId, from: ASHA, to: RAVI, reason: 'Spam', at } }], {}, at), 'no_stream');
    await waitFor(async () => (await runner.checkpoint()) >= position);
    expect(await knex('user_reports').select('id', 'reporter_id', 'target_id', 'reason')).toEqual([{ id: reportId, reporter_id: ASHA, target_id: RAVI, reason: 'Spam' }]);
  });

  it('gives identical rows and counts after a rebuild from position 0', async () => {
    const before = await snapshot();
    expect(before.users.map((u: { followers_count: number }) => u.followers_count)).not.toEqual([0, 0, 0]);
    await runner.rebuild();
    expect(await snapshot()).toEqual(before);
  });
});
