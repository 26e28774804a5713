import type { z } from 'zod';
import { bioTextLength } from '../profiles/sanitize-bio';
import { updateProfileBody } from './profile-rules';

/** The server's profile rules: those of profile-rules.ts, the bio measured by the same sanitiser that stores it. */
export * from './profile-rules';
export const UpdateProfileBody = updateProfileBody(bioTextLength);
export type UpdateProfileInput = z.infer<typeof UpdateProfileBody>;
