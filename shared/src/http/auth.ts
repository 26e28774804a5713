import type { Request } from 'express';
import { unauthenticated } from '../commands/domain-errors';

/** The signed-in user's id, or a 401 'Authentication required'. */
export function requireUserId(req: Request): string {
  const userId = req.session?.userId;
  if (!userId) throw unauthenticated('Authentication required');
  return userId;
}
