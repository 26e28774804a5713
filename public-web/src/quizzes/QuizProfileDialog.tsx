import { useState, type FormEvent } from 'react';
import { BRANCHES, COLLEGE_YEARS, COUNTRIES, COURSES, INDIA_STATES } from '@circuit/shared/profiles/options';
import type { User } from '../auth/types';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';

export const QUIZ_PROFILE_FIELDS = ['college', 'country', 'state', 'collegeYear', 'branch', 'course'] as const;
type Field = (typeof QUIZ_PROFILE_FIELDS)[number];

export function missingQuizProfile(user: User): boolean {
  const values = user as unknown as Record<string, string | null | undefined>;
  return QUIZ_PROFILE_FIELDS.some((f) => !(values[f] ?? '').toString().trim());
}

/** Complete Your Profile (spec 3 section 2): all six fields required; the caller saves them, then retries the registration. */
export function QuizProfileDialog({ user, busy, onCancel, onSubmit }: { user: User; busy: boolean; onCancel(): void; onSubmit(values: Record<Field, string>): void }) {
  const initial = user as unknown as Record<string, string | null | undefined>;
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries(QUIZ_PROFILE_FIELDS.map((f) => [f, (initial[f] ?? '').toString()])) as Record<Field, string>);
  const [error, setError] = useState<string | null>(null);
  const set = (f: Field) => (v: string) => setValues((s) => ({ ...s, [f]: v }));
  function submit(e: FormEvent) {
    e.preventDefault();
    if (QUIZ_PROFILE_FIELDS.some((f) => !values[f].trim())) return setError('Please fill in all required fields');
    setError(null);
    onSubmit(values);
  }
  return (
    <Dialog
      open
      onClose={onCancel}
      busy={busy}
      title="Complete Your Profile"
      description="Quizzes need a few details about your studies. They are saved to your profile."
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="quiz-profile" disabled={busy}>
            {busy ? 'Saving...' : 'Save and continue'}
          </Button>
        </>
      }
    >
      <form id="quiz-profile" onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
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
        {error && (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
