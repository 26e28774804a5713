import { EVENT_CATEGORIES, EVENT_TYPES } from '@circuit/shared/event-listings/options';
import { LOCATION_TYPES } from '@circuit/shared/hackathons/options';
import { INDIA_STATES } from '@circuit/shared/profiles/options';
import { EventMessages } from '@circuit/shared/event-listings/messages';
import { Choice, Input } from '../hackathon-form/fields';
import { DATE_RANGE_LABELS, LOCATION_LABELS, STATUS_FILTER_LABELS } from '../hackathons/labels';
import { ListingPage } from '../listings/ListingPage';
import { urlFilterCodec } from '../listings/urlFilters';
import { useUrlFilters } from '../listings/useUrlFilters';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { EventCard } from './EventCard';
import { EVENT_FILTER_KEYS, useEventList, type EventFilterKey, type EventFilters } from './eventsApi';
import { EVENT_CATEGORY_LABELS, EVENT_TYPE_LABELS } from './labels';

const TYPED: EventFilterKey[] = ['search', 'organization'];
const pairs = (labels: Record<string, string>, values?: readonly string[]) => (values ?? Object.keys(labels)).map((v) => [v, labels[v] ?? v] as const);
// The filters live in the URL (India by default); what is typed applies after a 500 ms pause.
const codec = urlFilterCodec(EVENT_FILTER_KEYS);

function EventFiltersPanel({ filters, onChange }: { filters: EventFilters; onChange(key: EventFilterKey, value: string): void }) {
  const v = (k: EventFilterKey) => filters[k] ?? '';
  return (
    <div id="event-filters" className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-4 sm:p-5 lg:grid-cols-4">
      <Choice label="Event type" value={v('eventType')} placeholder="Any type" options={pairs(EVENT_TYPE_LABELS, EVENT_TYPES)} onChange={(x) => onChange('eventType', x)} />
      <Choice label="Status" value={v('status')} placeholder="Any status" options={pairs(STATUS_FILTER_LABELS)} onChange={(x) => onChange('status', x)} />
      <Choice label="Location" value={v('location')} placeholder="Any mode" options={pairs(LOCATION_LABELS, LOCATION_TYPES)} onChange={(x) => onChange('location', x)} />
      <Choice label="Dates" value={v('dateRange')} placeholder="Any dates" options={pairs(DATE_RANGE_LABELS)} onChange={(x) => onChange('dateRange', x)} />
      <Choice label="Country" value={v('country') === 'India' ? '' : v('country')} placeholder="India" options={[['International', 'International'], ['any', 'Anywhere']]} onChange={(x) => onChange('country', x || 'India')} />
      <Choice label="State" value={v('state')} placeholder="All states" options={INDIA_STATES.map((s) => [s, s] as const)} onChange={(x) => onChange('state', x)} />
      <Input label="Organization" value={v('organization')} placeholder="Organiser name" onChange={(x) => onChange('organization', x)} />
    </div>
  );
}

/** /events: search, filters, category pills, 12 cards then 12 more on demand, save toggles (spec 2 section 2). */
export function EventsPage() {
  useDocumentTitle('Events');
  const filters = useUrlFilters(codec, TYPED, 500);
  const list = useEventList(filters.applied);
  return (
    <ListingPage
      title="Events"
      subtitle="Conferences, workshops, meetups and fests near you and online."
      idPrefix="event"
      searchLabel="Search events"
      placeholder="Search by name, organiser or tag"
      filters={filters}
      panel={(draft, change) => <EventFiltersPanel filters={draft} onChange={change} />}
      categories={EVENT_CATEGORIES}
      categoryLabels={EVENT_CATEGORY_LABELS}
      list={list}
      loadingText="Loading events..."
      errorTitle={EventMessages.listFailed}
      errorHint={EventMessages.listFailedHint}
      emptyTitle={EventMessages.listEmpty}
      emptyHint="Try adjusting your search or filters."
      countText={(total) => (total === 1 ? '1 event' : `${total} events`)}
      card={(e) => <EventCard event={e} />}
    />
  );
}
