import type { Knex } from 'knex';
import { CommunityMessages as M } from '../api/community';
import { forbidden, notFound } from '../commands/domain-errors';
import { findCommunityAccess, type CommunityAccess } from '../read-models/community';

/** The reader's standing, or the 404/403 that says why they may not read this community. */
export async function requireCommunityMember(knex: Knex, idOrUsername: string, userId: string): Promise<CommunityAccess> {
  const access = await findCommunityAccess(knex, idOrUsername, userId);
  if (!access) throw notFound(M.notFound);
  if (access.removed) throw forbidden(M.removed);
  if (!access.member) throw forbidden(M.notMember);
  return access;
}
