import { LOCATION_TYPES } from '@circuit/shared/hackathons/options';
import { INDIA_STATES } from '@circuit/shared/profiles/options';
import { inputClasses } from '../ui/TextField';
import { ANY_COUNTRY, type FilterKey, type Filters } from './filters';
import { DATE_RANGE_LABELS, LOCATION_LABELS, STATUS_FILTER_LABELS } from './labels';

const pairs = (labels: Record<string, string>, values?: readonly string[]) => (values ?? Object.keys(labels)).map((v) => [v, labels[v] ?? v] as const);

function Select({ id, label, value, options, anyLabel, onChange }: { id: FilterKey; label: string; value: string; options: readonly (readonly [string, string])[]; anyLabel: string; onChange(v: string): void }) {
  return (
    <div>
      <label htmlFor={`filter-${id}`} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={`filter-${id}`} className={inputClasses(false)} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

function Text({ id, label, value, placeholder, onChange }: { id: FilterKey; label: string; value: string; placeholder: string; onChange(v: string): void }) {
  return (
    <div>
      <label htmlFor={`filter-${id}`} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={`filter-${id}`} className={inputClasses(false)} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** The Filters panel of the list (spec 2 section 7's filters). */
export function HackathonFilters({ filters, onChange }: { filters: Filters; onChange(key: FilterKey, value: string): void }) {
  const v = (k: FilterKey) => filters[k] ?? '';
  return (
    // The category is chosen with the pills under the search box, so it has no select here.
    <div id="hackathon-filters" className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-4 sm:p-5 lg:grid-cols-4">
      <Select id="status" label="Status" value={v('status')} anyLabel="Any status" options={pairs(STATUS_FILTER_LABELS)} onChange={(x) => onChange('status', x)} />
      <Select id="location" label="Location" value={v('location')} anyLabel="Any mode" options={pairs(LOCATION_LABELS, LOCATION_TYPES)} onChange={(x) => onChange('location', x)} />
      <Select id="dateRange" label="Dates" value={v('dateRange')} anyLabel="Any dates" options={pairs(DATE_RANGE_LABELS)} onChange={(x) => onChange('dateRange', x)} />
      <Select
        id="country"
        label="Country"
        value={v('country') === 'India' ? '' : v('country')}
        anyLabel="India"
        options={[
          ['International', 'International'],
          [ANY_COUNTRY, 'Anywhere'],
        ]}
        onChange={(x) => onChange('country', x || 'India')}
      />
      <Select id="state" label="State" value={v('state')} anyLabel="All states" options={INDIA_STATES.map((s) => [s, s] as const)} onChange={(x) => onChange('state', x)} />
      <Select id="registrationFees" label="Fees" value={v('registrationFees')} anyLabel="Free and paid" options={[['free', 'Free'], ['paid', 'Paid']]} onChange={(x) => onChange('registrationFees', x)} />
      <Text id="theme" label="Theme" value={v('theme')} placeholder="e.g. React, AI" onChange={(x) => onChange('theme', x)} />
      <Text id="organization" label="Organization" value={v('organization')} placeholder="Organiser name" onChange={(x) => onChange('organization', x)} />
    </div>
  );
}
