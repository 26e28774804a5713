import type { Request } from 'express';
import type { Knex } from 'knex';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { findUserRow } from '@circuit/shared/read-models/users';
import { findHackathonRow, mayManage, organiserIsActive, type Viewer } from '@circuit/shared/read-models/hackathons';
import { HackathonMessages as M, usernameViolation } from '@circuit/shared/validation/hackathons';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function viewerOf(knex: Knex, req: Request): Promise<Viewer> {
  const userId = req.session?.userId ?? null;
  if (!userId) return { userId: null, role: null };
  const row = await findUserRow(knex, userId);
  return { userId, role: row?.role ?? null };
}

/**
 * The hackathon of `/api/hackathons/{id}/...` (its id or its username), as the detail answers it:
 * 404 when there is none, 403 'Not Available' when it is not public and the viewer is not its
 * creator, an admin or a moderator. `canManage`: its creator or an admin (announcements, sponsors).
 */
export async function visibleHackathon(knex: Knex, req: Request) {
  const param = String(req.params.id ?? '');
  const by = UUID.test(param) ? { id: param.toLowerCase() } : usernameViolation(param) ? null : { username: param };
  if (!by) throw notFound(M.notFound);
  const row = await findHackathonRow(knex, by);
  if (!row) throw notFound(M.notFound);
  const viewer = await viewerOf(knex, req);
  const isPublic = row.status === 'accepted' && (await organiserIsActive(knex, row.created_by));
  if (!isPublic && !mayManage(row, viewer)) throw forbidden(M.notAvailable);
  const title = (typeof row.content === 'string' ? (JSON.parse(row.content) as { title: string }) : row.content).title;
  return {
    row,
    viewer,
    /** Public to everyone: one cached answer can serve every anonymous visitor. */
    isPublic,
    summary: { _id: row.id, username: row.username, title, canManage: viewer.userId === row.created_by || viewer.role === 'admin' },
  };
}
