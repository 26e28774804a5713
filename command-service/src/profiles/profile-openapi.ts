import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { ProfilePictureAnswerSchema, OwnUserSchema } from '@circuit/shared/api/users';
import { UpdateProfileBody } from '@circuit/shared/validation/profile';

const tag = 'Profile';

/** PUT /api/users/profile and POST /api/users/profile-picture (profile-routes.ts). */
export const profileOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'put',
    path: '/api/users/profile',
    tag,
    summary: "Save the signed-in user's profile",
    auth: 'session',
    body: UpdateProfileBody,
    ok: { data: OwnUserSchema, message: 'Profile updated successfully!' },
    errors: { 400: 'A field breaks its rule (the message names it)', 404: 'User not found' },
  });
  api.route({
    method: 'post',
    path: '/api/users/profile-picture',
    tag,
    summary: 'Upload a new profile picture (PNG, JPEG, GIF or WebP, checked by content; at most 5 MB)',
    auth: 'session',
    body: { multipart: 'profilePicture', description: 'The image file' },
    ok: { data: ProfilePictureAnswerSchema, message: 'Profile picture updated successfully!' },
    errors: { 400: 'No file, or not an image', 404: 'User not found', 413: 'The image is larger than 5 MB' },
  });
};
