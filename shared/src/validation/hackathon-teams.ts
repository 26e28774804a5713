import { z } from 'zod';
import { RegistrationProfileSchema } from '../api/hackathons';

/** Bodies of the registration and team calls (spec 2 section 7). */

/** POST /api/hackathons/{id}/register: optional profile data (the Complete Your Profile step), flat or under `profile`. */
export const RegisterBodySchema = RegistrationProfileSchema.extend({ profile: RegistrationProfileSchema.optional() });

export const TeamNameBodySchema = z.object({
  name: z.string({ error: 'Team name is required' }).trim().min(1, 'Team name is required').max(50, 'Team name cannot exceed 50 characters'),
});

export const TeamCodeBodySchema = z.object({
  code: z.string({ error: 'Team code is required' }).trim().min(1, 'Team code is required').max(20, 'Invalid team code'),
});

export const RemoveMemberBodySchema = z.object({
  memberId: z.string({ error: 'memberId is required' }).trim().min(1, 'memberId is required').max(100, 'This user is not a member of your team'),
});
