import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reservationStream, userStream, type Role } from '@circuit/shared/events/accounts';
import { userStandingStream } from '@circuit/shared/events/user-standing';
import { commandSideDatabase } from '../process-managers/command-side.testkit';
import { accountByUsername, accountOf, actorOf, hasAccount, hasRegistered, staffDirectory } from './actors';

/** Who a user is, folded from their own streams (never the users read model, which nothing here fills). */
describe('actors', () => {
  const db = commandSideDatabase();
  const at = '2026-11-28T10:00:00.000Z';
  const append = (stream: string, events: { type: string; data: unknown }[]) => db.append(stream, events, at);

  async function register(role: Role = 'user', username = `u${randomUUID().slice(0, 8)}`) {
    const userId = randomUUID();
    await append(reservationStream('username', username), [{ type: 'NameReserved', data: { kind: 'username', value: username.toLowerCase(), userId } }]);
    const registered = { userId, username, email: `${username}@x.test`, firstName: 'Ada', lastName: 'Lovelace', passwordHash: null, role, emailVerified: true, registeredAt: at };
    await append(userStream(userId), [{ type: 'UserRegistered', data: registered }]);
    return { userId, username };
  }
  const standing = (userId: string, type: 'UserRoleChanged' | 'UserSuspended' | 'UserReinstated', extra: object) =>
    append(userStandingStream(userId), [{ type, data: { userId, byUserId: 'staff', at, ...extra } }]);

  it('takes the role given at registration, then the last one staff gave, and the suspension', async () => {
    const { userId } = await register('moderator');
    expect(await actorOf(db.store, userId)).toEqual({ userId, role: 'moderator' });
    await standing(userId, 'UserRoleChanged', { role: 'auditor', previousRole: 'moderator' });
    // An auditor decides nothing about listings: a user to their deciders.
    expect(await actorOf(db.store, userId)).toEqual({ userId, role: 'user' });
    expect(await accountOf(db.store, userId)).toMatchObject({ role: 'auditor', suspended: false });
    await standing(userId, 'UserSuspended', { reason: 'spam' });
    expect(await staffDirectory(db.store, async () => false).memberOf(userId)).toEqual({ id: userId, role: 'auditor', isActive: false });
    await standing(userId, 'UserReinstated', { reason: 'ok' });
    expect((await accountOf(db.store, userId))?.suspended).toBe(false);
  });

  it('knows nobody behind an unknown id; a withdrawn sign-up has no account but was registered', async () => {
    const stranger = randomUUID();
    expect(await accountOf(db.store, stranger)).toBeNull();
    expect(await actorOf(db.store, stranger)).toEqual({ userId: stranger, role: 'user' });
    expect(await staffDirectory(db.store, async () => false).memberOf(stranger)).toBeUndefined();

    const { userId } = await register();
    await append(userStream(userId), [{ type: 'SignUpWithdrawn', data: { replacedBy: randomUUID(), at } }]);
    expect([await hasAccount(db.store, userId), await hasRegistered(db.store, userId), await accountOf(db.store, userId)]).toEqual([false, true, null]);
  });

  it('keeps the profile as its owner last saved it', async () => {
    const { userId, username } = await register();
    await append(userStream(userId), [
      { type: 'ProfileUpdated', data: { changes: { firstName: 'Augusta', college: 'IIT Madras' }, at } },
      { type: 'ProfileUpdated', data: { changes: { college: 'IISc' }, at } },
      { type: 'ProfilePictureChanged', data: { url: '/uploads/profile-pictures/a.png', at } },
    ]);
    expect((await accountOf(db.store, userId))?.profile).toMatchObject({ username, firstName: 'Augusta', lastName: 'Lovelace', college: 'IISc', mobile: null, profilePicture: '/uploads/profile-pictures/a.png' });
  });

  it('finds an account by its username in any case, and nobody for a name claimed by a sign-up that died', async () => {
    const { userId, username } = await register('user', `Mixed${randomUUID().slice(0, 6)}`);
    expect((await accountByUsername(db.store, username.toUpperCase()))?.userId).toBe(userId);
    const claimed = `claimed${randomUUID().slice(0, 6)}`;
    await append(reservationStream('username', claimed), [{ type: 'NameReserved', data: { kind: 'username', value: claimed, userId: randomUUID() } }]);
    expect(await accountByUsername(db.store, claimed)).toBeNull();
  });
});
