import { describe, expect, it } from 'vitest';
import { ChangePasswordForm, profileResolver } from './profileRules';
import { addSkill, normaliseWebsite, profileFormValues, profileUpdateBody, type ProfileFormValues } from './validation';

const valid = { ...profileFormValues(null), firstName: 'Asha', lastName: 'Rao', country: 'Other', address: 'Somewhere 1' };

describe('profile save rules (spec section 5)', () => {
  // The form's resolver runs the server's schema on the body the form would send (no bio here: measuring one needs the DOM).
  const check = async (values: ProfileFormValues) => {
    const { errors } = await profileResolver(profileFormValues(null))(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
  };

  it('accepts a complete profile', async () => {
    expect(await check(valid)).toEqual({});
  });

  it('names every broken rule with the spec message, at its field', async () => {
    expect(
      await check({ ...valid, firstName: ' ', lastName: '', tagline: 'x'.repeat(101), country: 'India', state: '', address: ' ', github: 'gitlab.com/me', linkedin: 'example.com', twitter: 'mastodon.social/@me' }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      tagline: 'Tagline cannot exceed 100 characters',
      state: 'State is required for India',
      address: 'Address is required',
      github: 'Please enter a valid GitHub URL',
      linkedin: 'Please enter a valid LinkedIn URL',
      twitter: 'Please enter a valid Twitter URL',
    });
    expect((await check({ ...valid, country: '' })).country).toBe('Country is required');
    // The server's rule, stricter than "contains github.com".
    expect((await check({ ...valid, github: 'https://github.com.evil.example/me' })).github).toBe('Please enter a valid GitHub URL');
  });

  it('accepts x.com for Twitter and needs no state outside India', async () => {
    expect(await check({ ...valid, twitter: 'https://x.com/me', country: 'Other', state: '' })).toEqual({});
  });

  it('omits empty optional fields and prefixes the website with https://', () => {
    const body = profileUpdateBody({ ...valid, website: 'asha.dev', tagline: '  ', github: 'github.com/asha' }, true);
    expect(body).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
      country: 'Other',
      address: 'Somewhere 1',
      skills: [],
      website: 'https://asha.dev',
      socialLinks: { github: 'github.com/asha' },
    });
    expect(normaliseWebsite('http://a.dev')).toBe('http://a.dev');
  });

  it('sends a field the user emptied, so that clearing it is saved', () => {
    const before = { ...valid, tagline: 'Old line', github: 'github.com/asha', course: 'BCA' };
    const body = profileUpdateBody({ ...before, tagline: ' ', github: '', course: '' }, true, before);
    expect(body).toMatchObject({ tagline: '', course: '', socialLinks: {} });
    expect(body).not.toHaveProperty('college');
  });

  it('adds a skill once, trimmed', () => {
    expect(addSkill(['React'], ' react ')).toEqual(['React']);
    expect(addSkill(['React'], ' Go ')).toEqual(['React', 'Go']);
    expect(addSkill(['React'], '   ')).toEqual(['React']);
  });
});

describe('change password rules (the server’s ChangePasswordBody)', () => {
  it('uses the spec messages', () => {
    // The first message per field, as the form shows it.
    const messages = (values: object) => Object.fromEntries((ChangePasswordForm.safeParse(values).error?.issues ?? []).reverse().map((i) => [i.path.join('.'), i.message]));
    expect(messages({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your new password',
    });
    expect(messages({ currentPassword: 'a', newPassword: '12345', confirmPassword: '1234' })).toEqual({
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
  });
});
