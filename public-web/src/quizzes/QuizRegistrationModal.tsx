import { useState, type FormEvent } from 'react';
import { BRANCHES, COLLEGE_YEARS, COUNTRIES, COURSES, INDIA_STATES } from '@circuit/shared/profiles/options';
import type { RegisterQuizBody } from '@circuit/shared/validation/quizzes';
import type { User } from '../auth/types';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { Dialog } from '../ui/Dialog';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';

type Field = Exclude<keyof RegisterQuizBody, 'agreeToTerms'>;
const FIELDS: [Field, string][] = [
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['mobile', 'Mobile'],
  ['college', 'College'],
  ['course', 'Course'],
  ['branch', 'Branch'],
  ['collegeYear', 'Year'],
  ['country', 'Country'],
  ['state', 'State'],
];

/** The registration modal (spec 3 section 2): every field required, values from the profile, terms agreed before the button works. */
export function QuizRegistrationModal({ user, busy, onCancel, onSubmit }: { user: User; busy: boolean; onCancel(): void; onSubmit(body: RegisterQuizBody): void }) {
  const initial = user as unknown as Record<string, string | null | undefined>;
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map(([f]) => [f, (initial[f] ?? '').toString()])) as Record<Field, string>);
  const [agree, setAgree] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (f: Field) => (v: string) => setValues((s) => ({ ...s, [f]: v }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const missing = FIELDS.filter(([f]) => !values[f].trim()).map(([, label]) => label);
    if (missing.length) return setError(`Please fill in all required fields: ${missing.join(', ')}`);
    if (!/^\d{10,}$/.test(values.mobile.trim())) return setError('Please enter a valid mobile number (at least 10 digits)');
    if (!agree) return setError('Please agree to the terms and conditions');
    setError(null);
    onSubmit({ ...values, mobile: values.mobile.trim(), agreeToTerms: true } as RegisterQuizBody);
  }

  return (
    <Dialog
      open
      onClose={onCancel}
      busy={busy}
      title="Register for Quiz"
      description="Check your details: the organiser sees them with your result."
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="quiz-registration" disabled={busy || !agree}>
            {busy ? 'Registering...' : 'Register'}
          </Button>
        </>
      }
    >
      <form id="quiz-registration" onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
        <TextField label="First Name" value={values.firstName} onChange={(e) => set('firstName')(e.target.value)} />
        <TextField label="Last Name" value={values.lastName} onChange={(e) => set('lastName')(e.target.value)} />
        <TextField label="Mobile" inputMode="numeric" autoComplete="tel" value={values.mobile} onChange={(e) => set('mobile')(e.target.value.replace(/\D/g, ''))} />
        <TextField label="College" value={values.college} onChange={(e) => set('college')(e.target.value)} />
        <SelectField label="Course" placeholder="Select course" options={COURSES} value={values.course} onChange={(e) => set('course')(e.target.value)} />
        <SelectField label="Branch" placeholder="Select branch" options={BRANCHES} value={values.branch} onChange={(e) => set('branch')(e.target.value)} />
        <SelectField label="Year" placeholder="Select year" options={COLLEGE_YEARS} value={values.collegeYear} onChange={(e) => set('collegeYear')(e.target.value)} />
        <SelectField label="Country" placeholder="Select country" options={COUNTRIES} value={values.country} onChange={(e) => set('country')(e.target.value)} />
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
