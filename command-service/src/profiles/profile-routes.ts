import { Router, type Request } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import type { FileStore } from '@circuit/shared/ports/file-store';
import { UpdateProfileBody } from '@circuit/shared/validation/profile';
import type { CommandServiceDeps } from '../context';
import { answerTooLarge, receiveImage } from '../uploads/image-upload';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';
import { ProfileMessages } from './profile-decider';
import type { ProfileService } from './profile-service';

const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });

/** PUT /api/users/profile and POST /api/users/profile-picture (/api/openapi.json, Profile). */
export function profileRoutes(deps: CommandServiceDeps, profiles: ProfileService, fileStore: FileStore): Router {
  const router = Router();

  async function ownView(userId: string) {
    const user = await deps.queries.ownUser(userId);
    if (!user) throw notFound(ProfileMessages.userNotFound);
    return user;
  }

  router.put('/api/users/profile', async (req, res) => {
    const userId = requireUserId(req);
    const body = UpdateProfileBody.parse(req.body ?? {});
    await profiles.updateProfile(userId, body, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { id: userId }, 'Profile updated successfully!', '/api/auth/me');
    res.json(ok(await ownView(userId), 'Profile updated successfully!'));
  });

  router.post('/api/users/profile-picture', async (req, res) => {
    const userId = requireUserId(req);
    try {
      const file = await receiveImage(req, res, 'profilePicture', fileStore, 'profile-pictures');
      await profiles.changeProfilePicture(userId, file, ctxOf(req));
      if (readModelsBehind()) return answerAccepted(res, { id: userId, profilePicture: file.url }, 'Profile picture updated successfully!');
      res.json(ok({ profilePicture: file.url, user: await ownView(userId) }, 'Profile picture updated successfully!'));
    } catch (error) {
      if (!answerTooLarge(error, res)) throw error;
    }
  });

  return router;
}
