import { BRANCHES, COLLEGE_YEARS, COUNTRIES, COURSES, INDIA_STATES } from '@circuit/shared/profiles/options';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import type { ProfileFormField } from './profileForm';

export interface ProfileFieldsProps {
  /** The fields to show are the keys present here. */
  values: Partial<Record<ProfileFormField, string>>;
  set(field: ProfileFormField): (value: string) => void;
  /** The country choices (events offer the listing form's list). */
  countries?: readonly string[];
  /** Outside India the state is typed (`text`) or not asked for (`none`). */
  stateOutsideIndia?: 'text' | 'none';
  /** The name fields' labels, as each form's spec words them. */
  nameLabels?: readonly [string, string];
}

/** The profile fields of the registration forms: the same controls, order and mobile input everywhere. */
export function ProfileFields({ values, set, countries = COUNTRIES, stateOutsideIndia = 'text', nameLabels = ['First Name', 'Last Name'] }: ProfileFieldsProps) {
  const has = (f: ProfileFormField) => values[f] !== undefined;
  const value = (f: ProfileFormField) => values[f] ?? '';
  const select = (f: ProfileFormField, label: string, placeholder: string, options: readonly string[]) =>
    has(f) && <SelectField label={label} placeholder={placeholder} options={options} value={value(f)} onChange={(e) => set(f)(e.target.value)} />;
  return (
    <>
      {has('firstName') && <TextField label={nameLabels[0]} autoComplete="given-name" value={value('firstName')} onChange={(e) => set('firstName')(e.target.value)} />}
      {has('lastName') && <TextField label={nameLabels[1]} autoComplete="family-name" value={value('lastName')} onChange={(e) => set('lastName')(e.target.value)} />}
      {has('mobile') && <TextField label="Mobile" inputMode="numeric" autoComplete="tel" value={value('mobile')} onChange={(e) => set('mobile')(e.target.value.replace(/\D/g, ''))} />}
      {has('college') && <TextField label="College" value={value('college')} onChange={(e) => set('college')(e.target.value)} />}
      {select('course', 'Course', 'Select course', COURSES)}
      {select('branch', 'Branch', 'Select branch', BRANCHES)}
      {select('collegeYear', 'Year', 'Select year', COLLEGE_YEARS)}
      {select('country', 'Country', 'Select country', countries)}
      {has('state') &&
        (value('country') === 'India'
          ? select('state', 'State', 'Select state', INDIA_STATES)
          : stateOutsideIndia === 'text' && <TextField label="State" value={value('state')} onChange={(e) => set('state')(e.target.value)} />)}
    </>
  );
}
