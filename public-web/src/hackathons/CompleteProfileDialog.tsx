import { useState, type FormEvent } from 'react';
import type { RegistrationProfile } from '@circuit/shared/api/hackathons';
import { BRANCHES, COLLEGE_YEARS, COUNTRIES, COURSES, INDIA_STATES } from '@circuit/shared/profiles/options';
import type { User } from '../auth/types';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';

export const PROFILE_FIELDS = ['mobile', 'college', 'course', 'branch', 'collegeYear', 'country', 'state'] as const;
type Field = (typeof PROFILE_FIELDS)[number];
const LABELS: Record<Field, string> = { mobile: 'Mobile', college: 'College', course: 'Course', branch: 'Branch', collegeYear: 'Year', country: 'Country', state: 'State' };

/** What registration needs that the profile lacks (state only for India). */
export function missingProfileFields(user: User): Field[] {
  const values = user as unknown as Record<string, string | null | undefined>;
  return PROFILE_FIELDS.filter((f) => !(values[f] ?? '').toString().trim() && !(f === 'state' && values.country && values.country !== 'India'));
}

/** The Complete Your Profile step before a hackathon registration: the fields go with the registration and into the profile. */
export function CompleteProfileDialog({ user, busy, onCancel, onSubmit }: { user: User; busy: boolean; onCancel(): void; onSubmit(profile: RegistrationProfile): void }) {
  const initial = user as unknown as Record<string, string | null | undefined>;
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries(PROFILE_FIELDS.map((f) => [f, (initial[f] ?? '').toString()])) as Record<Field, string>);
  const [error, setError] = useState<string | null>(null);
  const set = (f: Field) => (v: string) => setValues((s) => ({ ...s, [f]: v }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const missing = PROFILE_FIELDS.filter((f) => !values[f].trim() && !(f === 'state' && values.country !== 'India'));
    if (missing.length) return setError(`Please fill in all required fields: ${missing.map((f) => LABELS[f]).join(', ')}`);
    if (!/^\d{10,}$/.test(values.mobile.trim())) return setError('Please enter a valid mobile number (at least 10 digits)');
    setError(null);
    onSubmit({ ...values, mobile: values.mobile.trim(), firstName: user.firstName, lastName: user.lastName });
  }

  return (
    <Dialog
      open
      onClose={onCancel}
      busy={busy}
      title="Complete Your Profile"
      description="Organisers need these to confirm your place. They are saved to your profile."
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="complete-profile" disabled={busy}>
            {busy ? 'Registering...' : 'Save and register'}
          </Button>
        </>
      }
    >
      <form id="complete-profile" onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <TextField label="Mobile" inputMode="numeric" autoComplete="tel" value={values.mobile} onChange={(e) => set('mobile')(e.target.value.replace(/\D/g, ''))} />
        <TextField label="College" value={values.college} onChange={(e) => set('college')(e.target.value)} />
        <SelectField label="Course" placeholder="Select course" options={COURSES} value={values.course} onChange={(e) => set('course')(e.target.value)} />
        <SelectField label="Branch" placeholder="Select branch" options={BRANCHES} value={values.branch} onChange={(e) => set('branch')(e.target.value)} />
        <SelectField label="Year" placeholder="Select year" options={COLLEGE_YEARS} value={values.collegeYear} onChange={(e) => set('collegeYear')(e.target.value)} />
        <SelectField label="Country" placeholder="Select country" options={COUNTRIES} value={values.country} onChange={(e) => set('country')(e.target.value)} />
        {values.country === 'India' && <SelectField label="State" placeholder="Select state" options={INDIA_STATES} value={values.state} onChange={(e) => set('state')(e.target.value)} />}
        {error && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
