import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isValidMobile, RegistrationProfileMessages } from '@circuit/shared/validation/registration-profile';
import type { User } from '../auth/types';
import { ProfileFields } from './ProfileFields';
import { missingFields, profileLacks, profileValues } from './profileForm';

const user = { firstName: 'Ana', lastName: 'Rao', college: 'NIT', country: 'Germany', state: null, mobile: null } as unknown as User;
const noop = () => () => undefined;

describe('registration profile form', () => {
  it('starts from the profile, falls back to the default, and leaves the rest empty', () => {
    expect(profileValues(user, ['firstName', 'college', 'country', 'state'], { country: 'India', state: 'Goa' })).toEqual({ firstName: 'Ana', college: 'NIT', country: 'Germany', state: 'Goa' });
  });

  it('asks for the state outside India only where the form has a state field there', () => {
    const values = { mobile: '9876543210', college: 'NIT', country: 'Germany', state: ' ' };
    expect(missingFields(values, ['mobile', 'college', 'country', 'state'])).toEqual(['state']);
    expect(missingFields(values, ['mobile', 'college', 'country', 'state'], { stateOnlyInIndia: true })).toEqual([]);
    expect(missingFields({ ...values, country: 'India' }, ['state'], { stateOnlyInIndia: true })).toEqual(['state']);
    expect(profileLacks(user, ['college', 'mobile'])).toBe(true);
    expect(profileLacks(user, ['college', 'country'])).toBe(false);
  });

  it('says which fields are missing and what a valid mobile is, in the spec words', () => {
    expect(RegistrationProfileMessages.missingFields(['Mobile', 'State'])).toBe('Please fill in all required fields: Mobile, State');
    expect(isValidMobile('9876543210')).toBe(true);
    expect(isValidMobile('98765')).toBe(false);
    expect(isValidMobile('98765 43210')).toBe(false);
  });

  it('shows only the fields asked for, and the state as a list in India, typed elsewhere, or not at all', () => {
    const india = renderToStaticMarkup(createElement(ProfileFields, { values: { college: '', country: 'India', state: '' }, set: noop }));
    expect(india).toContain('Select state');
    expect(india).not.toContain('First Name');
    expect(india).not.toContain('Mobile');
    const abroad = renderToStaticMarkup(createElement(ProfileFields, { values: { firstName: '', lastName: '', country: 'Germany', state: '' }, set: noop, nameLabels: ['First name', 'Last name'] }));
    expect(abroad).toContain('First name');
    expect(abroad).toMatch(/<label[^>]*>State<\/label>/);
    expect(abroad).not.toContain('Select state');
    const hidden = renderToStaticMarkup(createElement(ProfileFields, { values: { country: 'Germany', state: '' }, set: noop, stateOutsideIndia: 'none' }));
    expect(hidden).not.toMatch(/>State</);
  });
});
