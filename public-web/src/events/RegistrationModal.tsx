import { useState, type FormEvent } from 'react';
import { BRANCHES, COLLEGE_YEARS, COURSES, INDIA_STATES } from '@circuit/shared/profiles/options';
import { FORM_COUNTRIES } from '@circuit/shared/hackathons/options';
import { registrationViolation, type EventRegistrationProfile } from '@circuit/shared/validation/events';
import type { User } from '../auth/types';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { Dialog } from '../ui/Dialog';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';

type Values = Required<{ [K in keyof EventRegistrationProfile]: string }>;

/** The registration modal (spec 2 section 5): values start from the profile, the same rules as the server, terms before the button. */
export function RegistrationModal({ user, title, waitlist, busy, onCancel, onSubmit }: { user: User; title: string; waitlist: boolean; busy: boolean; onCancel(): void; onSubmit(values: Values & { agreeToTerms: boolean }): void }) {
  const from = user as unknown as Record<string, string | null | undefined>;
  const [values, setValues] = useState<Values>(() => ({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    college: from.college ?? '',
    course: from.course ?? '',
    branch: from.branch ?? '',
    collegeYear: from.collegeYear ?? '',
    country: from.country || 'India',
    state: from.state ?? '',
    mobile: from.mobile ?? '',
  }));
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof Values) => (v: string) => setValues((s) => ({ ...s, [k]: v }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const violation = registrationViolation(values, agree);
    if (violation) return setError(violation);
    setError(null);
    onSubmit({ ...values, agreeToTerms: agree });
  }

  return (
    <Dialog
      open
      onClose={onCancel}
      busy={busy}
      size="lg"
      title={waitlist ? 'Join the waitlist' : 'Register for this event'}
      description={waitlist ? `${title} is full. If a place frees up you will be offered it and have 24 hours to confirm.` : title}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="event-registration" disabled={busy || !agree}>
            {busy ? 'Sending...' : waitlist ? 'Join Waitlist' : 'Register'}
          </Button>
        </>
      }
    >
      <form id="event-registration" onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <TextField label="First name" autoComplete="given-name" value={values.firstName} onChange={(e) => set('firstName')(e.target.value)} />
        <TextField label="Last name" autoComplete="family-name" value={values.lastName} onChange={(e) => set('lastName')(e.target.value)} />
        <TextField label="Mobile" inputMode="numeric" autoComplete="tel" value={values.mobile} onChange={(e) => set('mobile')(e.target.value.replace(/\D/g, ''))} />
        <TextField label="College" value={values.college} onChange={(e) => set('college')(e.target.value)} />
        <SelectField label="Course" placeholder="Select course" options={COURSES} value={values.course} onChange={(e) => set('course')(e.target.value)} />
        <SelectField label="Branch" placeholder="Select branch" options={BRANCHES} value={values.branch} onChange={(e) => set('branch')(e.target.value)} />
        <SelectField label="Year" placeholder="Select year" options={COLLEGE_YEARS} value={values.collegeYear} onChange={(e) => set('collegeYear')(e.target.value)} />
        <SelectField label="Country" placeholder="Select country" options={FORM_COUNTRIES} value={values.country} onChange={(e) => set('country')(e.target.value)} />
        {values.country === 'India' ? (
          <SelectField label="State" placeholder="Select state" options={INDIA_STATES} value={values.state} onChange={(e) => set('state')(e.target.value)} />
        ) : (
          <TextField label="State" value={values.state} onChange={(e) => set('state')(e.target.value)} />
        )}
        <div className="sm:col-span-2">
          <Checkbox label="I agree to the terms and conditions" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
