import type { FieldError, Resolver, ResolverResult } from 'react-hook-form';
import { z } from 'zod';
import { ChangePasswordBody } from '@circuit/shared/validation/accounts';
import { updateProfileBody } from '@circuit/shared/validation/profile-rules';
import { htmlTextLength, isBlankHtml } from './sanitizePaste';
import { formFieldOf, profileUpdateBody, type ProfileField, type ProfileFormValues } from './validation';

/** The server's profile rules, the bio measured in the browser as the editor shows it. */
const rules = updateProfileBody(htmlTextLength);

/**
 * The profile form's resolver: the form's values become the body the server would get, which the server's own
 * schema checks; each message goes back to the field it came from (`socialLinks.github` -> `github`).
 */
export const profileResolver =
  (initial: ProfileFormValues): Resolver<ProfileFormValues> =>
  (values): ResolverResult<ProfileFormValues> => {
    const result = rules.safeParse(profileUpdateBody(values, isBlankHtml(values.bio), initial));
    if (result.success) return { values, errors: {} };
    const errors: Partial<Record<ProfileField, FieldError>> = {};
    for (const { path, message, code } of result.error.issues) {
      const field = formFieldOf(path.slice(0, path[0] === 'socialLinks' ? 2 : 1).join('.'));
      if (field) errors[field] ??= { type: code, message };
    }
    return { values: {}, errors };
  };

/** Change Password: the server's body, and the new password typed twice (which the server never sees). */
export const ChangePasswordForm = ChangePasswordBody.extend({ confirmPassword: z.string() }).superRefine(({ newPassword, confirmPassword }, ctx) => {
  if (!confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Please confirm your new password' });
  else if (confirmPassword !== newPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
});
export type ChangePasswordValues = z.input<typeof ChangePasswordForm>;
