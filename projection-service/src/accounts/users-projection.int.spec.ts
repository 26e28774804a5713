import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { createLogger } from '@circuit/shared/logger';
import { userStream, type AccountEvent } from '@circuit/shared/events/accounts';
import { findUserRow, toUserView } from '@circuit/shared/read-models/users';
import { migrateReadModels } from '../migrations';
import { ProjectionRunner } from '../runner/projection-runner';
import { usersProjection } from './users-projection';

/** Events in, rows out: the `users` read model over a real (in-memory) Postgres and event store. */
describe('users projection', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  const log = createLogger('test');

  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    store = await PostgresEventStore.create(knex, { pollIntervalMs: 20 });
    await migrateReadModels(knex);
    runner = new ProjectionRunner(knex, store, [usersProjection], undefined, log);
  });

  afterAll(async () => {
    await runner.stop();
    await store.close();
    await knex.destroy();
  });

  async function append(streamId: string, events: AccountEvent[], occurredAt: string) {
    await store.append(streamId, toNewEvents(events, { correlationId: 'test' }, occurredAt), 'any');
  }

  /** Applies everything appended so far (the runner's catch-up). */
  async function project() {
    await runner.rebuild();
  }

  function registered(userId: string, overrides: Partial<Extract<AccountEvent, { type: 'UserRegistered' }>['data']> = {}): AccountEvent {
    return {
      type: 'UserRegistered',
      data: {
        userId,
        username: 'Asha_Dev',
        email: 'Asha@Example.com',
        firstName: 'Asha',
        lastName: 'Rao',
        passwordHash: 'scrypt$secret',
        role: 'user',
        emailVerified: false,
        registeredAt: '2025-03-01T10:00:00.000Z',
        ...overrides,
      },
    };
  }

  it('adds a row for a registered user, with case-folded lookup columns and the registration time', async () => {
    await append(userStream('u-1'), [registered('u-1')], '2025-03-01T10:00:00.000Z');
    await project();
    const row = await knex('users').where({ id: 'u-1' }).first();
    expect(row).toMatchObject({
      id: 'u-1',
      username: 'Asha_Dev',
      username_lower: 'asha_dev',
      email: 'Asha@Example.com',
      email_lower: 'asha@example.com',
      first_name: 'Asha',
      last_name: 'Rao',
      role: 'user',
      is_email_verified: false,
      is_active: true,
      bio: '',
      followers_count: 0,
      last_login: null,
    });
    expect(new Date(row.created_at).toISOString()).toBe('2025-03-01T10:00:00.000Z');
    // The password hash never reaches a read model.
    expect(JSON.stringify(row)).not.toContain('scrypt');
  });

  it('marks the e-mail verified and records the last sign-in', async () => {
    await append(userStream('u-2'), [registered('u-2', { username: 'priya', email: 'priya@example.com' })], '2025-03-01T10:00:00.000Z');
    await append(userStream('u-2'), [{ type: 'EmailVerified', data: { at: '2025-03-01T10:02:00.000Z' } }], '2025-03-01T10:02:00.000Z');
    await append(userStream('u-2'), [{ type: 'UserSignedIn', data: { method: 'password', at: '2025-03-01T10:05:00.000Z' } }], '2025-03-01T10:05:00.000Z');
    await project();
    const row = await findUserRow(knex, 'u-2');
    expect(row?.is_email_verified).toBe(true);
    expect(new Date(row!.last_login!).toISOString()).toBe('2025-03-01T10:05:00.000Z');
    expect(new Date((row as unknown as { updated_at: string }).updated_at).toISOString()).toBe('2025-03-01T10:02:00.000Z');
    const view = toUserView(row!, { includePrivate: false });
    expect(view).toMatchObject({ username: 'priya', isEmailVerified: true, lastLogin: '2025-03-01T10:05:00.000Z' });
    expect(view).not.toHaveProperty('email');
  });

  it('keeps the role of seeded staff accounts', async () => {
    await append(userStream('u-3'), [registered('u-3', { username: 'moderator', email: 'moderator@circuit.local', role: 'moderator', emailVerified: true })], '2025-03-01T09:00:00.000Z');
    await project();
    expect(await knex('users').where({ id: 'u-3' }).first('role', 'is_email_verified')).toEqual({ role: 'moderator', is_email_verified: true });
  });

  it('ignores reservation streams, other streams and events that do not change the row', async () => {
    const before = await knex('users').orderBy('id').select('*');
    await append('username-ghost', [{ type: 'NameReserved', data: { kind: 'username', value: 'ghost', userId: 'u-9' } }], '2025-03-01T11:00:00.000Z');
    // A UserRegistered-typed event outside a user stream must not create a user.
    await append('hackathon-h1', [registered('u-9', { username: 'ghost', email: 'ghost@example.com' })], '2025-03-01T11:00:00.000Z');
    await append(
      userStream('u-1'),
      [
        { type: 'OtpIssued', data: { purpose: 'verify_email', codeHash: 'h', sealedCode: 's', issuedAt: '2025-03-01T11:00:00.000Z', expiresAt: '2025-03-01T11:10:00.000Z' } },
        { type: 'OtpAttemptFailed', data: { purpose: 'verify_email', at: '2025-03-01T11:01:00.000Z' } },
        { type: 'PasswordChanged', data: { passwordHash: 'scrypt$other', at: '2025-03-01T11:02:00.000Z' } },
      ],
      '2025-03-01T11:00:00.000Z',
    );
    await project();
    expect(await knex('users').orderBy('id').select('*')).toEqual(before);
    expect(await findUserRow(knex, 'u-9')).toBeUndefined();
  });

  it('hides an erased account, names it Deleted user and frees its username and address for the next sign-up', async () => {
    await append(userStream('u-6'), [registered('u-6', { username: 'erased_one', email: 'erased@example.com', emailVerified: true })], '2025-03-01T14:00:00.000Z');
    await append(userStream('u-6'), [{ type: 'AccountErased', data: { reason: 'requested', at: '2025-03-01T14:05:00.000Z' } }], '2025-03-01T14:05:00.000Z');
    await append(userStream('u-7'), [registered('u-7', { username: 'Erased_One', email: 'Erased@example.com' })], '2025-03-01T14:10:00.000Z');
    await project();
    expect(await knex('users').where({ id: 'u-6' }).first('username', 'email_lower', 'first_name', 'last_name', 'is_active')).toEqual({
      username: 'deleted-u-6',
      email_lower: 'deleted-u-6@erased.invalid',
      first_name: 'Deleted',
      last_name: 'user',
      is_active: false,
    });
    expect((await findUserRow(knex, 'u-7'))?.username).toBe('Erased_One');
  });

  it('keeps the first registration when one is delivered twice', async () => {
    await append(userStream('u-4'), [registered('u-4', { username: 'kabir', email: 'kabir@example.com', firstName: 'Kabir' })], '2025-03-01T12:00:00.000Z');
    await project();
    const [again] = await store.readStream(userStream('u-4'));
    // (PGlite has one connection: inside the transaction only `trx` may be used.)
    await knex.transaction((trx) => usersProjection.applyBatch(trx, [{ ...again!, data: { ...(again!.data as object), firstName: 'Changed' } }]));
    expect((await findUserRow(knex, 'u-4'))?.first_name).toBe('Kabir');
  });

  it('follows the live feed once started', async () => {
    await runner.start();
    try {
      await append(userStream('u-5'), [registered('u-5', { username: 'sneha', email: 'sneha@example.com' })], '2025-03-01T13:00:00.000Z');
      const deadline = Date.now() + 5000;
      while (!(await findUserRow(knex, 'u-5')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect((await findUserRow(knex, 'u-5'))?.username).toBe('sneha');
      expect(await runner.checkpoint()).toBe(await store.headPosition());
    } finally {
      await runner.stop();
    }
  });
});
