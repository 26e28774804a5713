import { describe, expect, it } from 'vitest';
import { emptyForm, firstViolation, isoOf, localInput, previewHackathon, rulesResolver, toRequest, volunteerContact, withTechnology } from './formState';

describe('hackathon form state', () => {
  it('starts with the spec’s defaults', () => {
    const f = emptyForm();
    expect([f.maxParticipants, f.teamSettings, f.prizes.currency, f.takeRegistrations]).toEqual([100, { minMembers: 1, maxMembers: 4 }, 'USD', false]);
    expect(firstViolation(f, 'create')).toBe('Username is required');
  });

  it('sends dates as instants and reads them back as local input values', () => {
    const local = '2027-01-10T09:30';
    expect(localInput(isoOf(local))).toBe(local);
    const f = { ...emptyForm(), dates: { startDate: local, endDate: '2027-01-11T09:30', registrationDeadline: '' } };
    expect(toRequest(f).dates.startDate).toBe(new Date(local).toISOString());
    expect(toRequest(f).dates.registrationDeadline).toBe('');
  });

  it('adds technologies trimmed and once; a volunteer has LinkedIn or Twitter, not both', () => {
    expect(withTechnology(['React'], ' react ')).toEqual(['React']);
    expect(withTechnology(['React'], ' Go ')).toEqual(['React', 'Go']);
    const v = { name: 'A', role: '', phone: '', linkedin: '', twitter: 'https://x.com/a' };
    expect(volunteerContact(v, 'linkedin', 'https://linkedin.com/in/a')).toMatchObject({ linkedin: 'https://linkedin.com/in/a', twitter: '' });
  });

  it('previews the listing as the page will show it: in review, open and upcoming until the dates say otherwise', () => {
    const host = { id: 'u1', username: 'olga', firstName: 'Olga', lastName: 'O' };
    const now = new Date('2027-01-01T00:00:00Z');
    const draft = previewHackathon({ ...emptyForm(), title: 'Backwaters', pricing: { type: 'paid', amount: 299, currency: 'INR' } }, host, now);
    expect(draft).toMatchObject({ title: 'Backwaters', status: 'pending', phase: 'registration_open', displayStatus: 'Upcoming', registrationFees: 299, currentParticipants: 0 });
    expect(draft.createdBy).toMatchObject({ _id: 'u1', username: 'olga' });
    const past = { startDate: '2026-12-01T10:00', endDate: '2026-12-02T10:00', registrationDeadline: '2026-11-30T10:00' };
    expect(previewHackathon({ ...emptyForm(), dates: past }, host, now)).toMatchObject({ phase: 'completed', displayStatus: 'Completed', registrationFees: 0 });
  });

  it('puts each broken rule of the server at its field, the first per field; an online hackathon needs no address', async () => {
    const form = { ...emptyForm(), username: 'backwaters', title: 'B', shortDescription: 'S', description: '<p>D</p>', eligibilityCriteria: '<p>E</p>', categories: ['ideathon' as const] };
    const dates = { registrationDeadline: '2027-01-05T10:00', startDate: '2027-01-07T10:00', endDate: '2027-01-07T10:00' };
    const result = await rulesResolver('create')({ ...form, dates, location: { type: 'online', country: 'India', state: '', city: '', address: '' } }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({
      organization: { name: { type: 'rule', message: 'Organization name is required' } },
      location: { state: { type: 'rule', message: 'State is required' } },
      dates: { endDate: { type: 'rule', message: 'End date must be after start date' } },
    });
  });
});
