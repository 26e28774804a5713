import type { Request } from 'express';
import { unauthorized } from './errors';

/** The signed-in user's id, or a 401 'Authentication required'. */
export function requireUserId(req: Request): string {
  const userId = req.session?.userId;
  if (!userId) throw unauthorized('Authentication required');
  return userId;
}
