import { LOCATION_TYPES } from '@circuit/shared/hackathons/options';
import { INDIA_STATES } from '@circuit/shared/profiles/options';
import { Choice, Input } from '../hackathon-form/fields';
import { ANY_COUNTRY, type FilterKey, type Filters } from './filters';
import { DATE_RANGE_LABELS, LOCATION_LABELS, STATUS_FILTER_LABELS } from './labels';

const pairs = (labels: Record<string, string>, values?: readonly string[]) => (values ?? Object.keys(labels)).map((v) => [v, labels[v] ?? v] as const);

/** The Filters panel of the list (spec 2 section 7's filters). */
export function HackathonFilters({ filters, onChange }: { filters: Filters; onChange(key: FilterKey, value: string): void }) {
  const v = (k: FilterKey) => filters[k] ?? '';
  return (
    // The category is chosen with the pills under the search box, so it has no select here.
    <div id="hackathon-filters" className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-4 sm:p-5 lg:grid-cols-4">
      <Choice label="Status" value={v('status')} placeholder="Any status" options={pairs(STATUS_FILTER_LABELS)} onChange={(x) => onChange('status', x)} />
      <Choice label="Location" value={v('location')} placeholder="Any mode" options={pairs(LOCATION_LABELS, LOCATION_TYPES)} onChange={(x) => onChange('location', x)} />
      <Choice label="Dates" value={v('dateRange')} placeholder="Any dates" options={pairs(DATE_RANGE_LABELS)} onChange={(x) => onChange('dateRange', x)} />
      <Choice
        label="Country"
        value={v('country') === 'India' ? '' : v('country')}
        placeholder="India"
        options={[
          ['International', 'International'],
          [ANY_COUNTRY, 'Anywhere'],
        ]}
        onChange={(x) => onChange('country', x || 'India')}
      />
      <Choice label="State" value={v('state')} placeholder="All states" options={INDIA_STATES.map((s) => [s, s] as const)} onChange={(x) => onChange('state', x)} />
      <Choice label="Fees" value={v('registrationFees')} placeholder="Free and paid" options={[['free', 'Free'], ['paid', 'Paid']]} onChange={(x) => onChange('registrationFees', x)} />
      <Input label="Theme" value={v('theme')} placeholder="e.g. React, AI" onChange={(x) => onChange('theme', x)} />
      <Input label="Organization" value={v('organization')} placeholder="Organiser name" onChange={(x) => onChange('organization', x)} />
    </div>
  );
}
