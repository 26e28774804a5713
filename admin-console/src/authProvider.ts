import { HttpError, type AuthProvider, type UserIdentity } from 'react-admin';
import type { OwnUser } from '@circuit/shared/api/users';
import type { Role } from '@circuit/shared/events/accounts';
import { API_URL, httpClient } from './api';

export const STAFF_ROLES = ['moderator', 'auditor', 'admin'] as const;
export type { Role };
export const NO_ACCESS_MESSAGE = 'You do not have access to the admin console';

/** The user as GET /api/auth/me and POST /api/auth/login answer it (the contract's OwnUser). */
type Me = OwnUser;

const isStaff = (user: Me) => (STAFF_ROLES as readonly string[]).includes(user.role);

/** What the console calls someone who created a listing: not an account role, so decided by the server. */
export const ORGANISER = 'organiser';

/**
 * A staff member's role, 'organiser' for a user the server lets read their own participants
 * (they created a listing), or null: no console for them.
 */
async function consoleRoleOf(user: Me): Promise<string | null> {
  if (isStaff(user)) return user.role;
  try {
    await httpClient(`${API_URL}/admin/participant-listings?range=${encodeURIComponent('[0,0]')}`);
    return ORGANISER;
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return null;
    throw error;
  }
}

/**
 * Whether this tab's session belongs to a staff member, as last seen. The session cookie is shared
 * with the public site, so turning a plain user away from the console must not sign them out there.
 */
let sessionIsStaff = false;

async function fetchMe(): Promise<Me> {
  const { json } = await httpClient(`${API_URL}/auth/me`);
  return (json as { data: Me }).data;
}

/** The signed-in staff member or organiser, or a rejection react-admin turns into a redirect to the login page. */
async function staffMe(): Promise<Me & { consoleRole: string }> {
  let me: Me;
  try {
    me = await fetchMe();
  } catch (error) {
    sessionIsStaff = false;
    // Signed out: react-admin shows its login page without an error notification.
    if (error instanceof HttpError && error.status === 401) throw { message: false };
    throw error;
  }
  const consoleRole = await consoleRoleOf(me);
  sessionIsStaff = consoleRole !== null;
  if (consoleRole === null) throw new Error(NO_ACCESS_MESSAGE);
  return { ...me, consoleRole };
}

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const { json } = await httpClient(`${API_URL}/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ identifier: username, password }),
    });
    const user = (json as { data: Me }).data;
    sessionIsStaff = (await consoleRoleOf(user)) !== null;
    if (!sessionIsStaff) throw new Error(NO_ACCESS_MESSAGE);
  },

  async logout() {
    if (sessionIsStaff) await httpClient(`${API_URL}/auth/logout`, { method: 'POST' }).catch(() => undefined);
    sessionIsStaff = false;
  },

  async checkAuth() {
    await staffMe();
  },

  async checkError(error: { status?: number; message?: string }) {
    if (error?.status === 401) {
      sessionIsStaff = false;
      throw new Error('Your session has ended. Please sign in again.');
    }
    if (error?.status === 403) {
      // No longer staff (the role is checked on every request): leave the public-site session alone.
      sessionIsStaff = false;
      throw new Error(error.message || NO_ACCESS_MESSAGE);
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const me = await staffMe();
    const fullName = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.username;
    return { id: me.id, fullName, avatar: me.profilePicture ?? undefined };
  },

  async getPermissions() {
    const me = await staffMe();
    return me.consoleRole;
  },
};
