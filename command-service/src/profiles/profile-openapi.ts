import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { ProfilePictureAnswerSchema, OwnUserSchema } from '@circuit/shared/api/users';
import { UpdateProfileBody } from '@circuit/shared/validation/profile';

const tag = 'Profile';

/** PUT /api/users/profile and POST /api/users/profile-picture (profile-routes.ts). */
export const profileOpenApi: ApiRegistration = (api) => {
  api.tag(tag, [
    'Profiles are public (no session needed); a deactivated account is 404 except for its owner, and a profile whose owner blocked the viewer is 403 "This profile is not available". `GET /api/users/{id}` only matches UUIDs.',
    'Saving (spec 1 section 5, its messages): firstName/lastName required, at most 50; bio at most 500 characters of text, sanitised with an allow-list; tagline at most 100; country required (India or Other), state required for India; address required; the GitHub/LinkedIn/Twitter links must contain github.com / linkedin.com / twitter.com or x.com; website gets `https://` when it has no scheme.',
    'A field sent (even empty) is saved, a field left out keeps its value; `socialLinks`, when sent, replaces all three. Switching the country away from India clears `state` unless one is sent. A refused save records nothing.',
    'Pictures: PNG, JPEG, GIF or WebP by content, at most 5 MB, served at `/uploads/profile-pictures/<uuid>.<ext>` (cached for a year); the previous picture is removed.',
  ]);
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
