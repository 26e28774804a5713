import { HACKATHON_CATEGORIES, HACKATHON_LIMITS } from '@circuit/shared/hackathons/options';
import { HackathonMessages } from '@circuit/shared/hackathons/messages';
import { ListingPage } from '../listings/ListingPage';
import { useUrlFilters } from '../listings/useUrlFilters';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { hackathonFilterCodec, type FilterKey } from './filters';
import { HackathonCard } from './HackathonCard';
import { HackathonFilters } from './HackathonFilters';
import { useHackathonList } from './hackathonsApi';
import { CATEGORY_LABELS } from './labels';

const TYPED: FilterKey[] = ['search', 'theme', 'organization'];

/** /hackathons: search, filters, category pills, 16 cards then 12 more per Load More (spec 2 section 2). */
export function HackathonsPage() {
  useDocumentTitle('Hackathons');
  const filters = useUrlFilters(hackathonFilterCodec, TYPED, HACKATHON_LIMITS.usernameCheckDebounceMs);
  const list = useHackathonList(filters.applied);
  return (
    <ListingPage
      title="Hackathons"
      subtitle="Find a hackathon, form a team and build something that matters."
      idPrefix="hackathon"
      searchLabel="Search hackathons"
      placeholder="Search by name, organiser or technology"
      filters={filters}
      panel={(draft, change) => <HackathonFilters filters={draft} onChange={change} />}
      categories={HACKATHON_CATEGORIES}
      categoryLabels={CATEGORY_LABELS}
      list={list}
      loadingText="Loading hackathons..."
      errorTitle={HackathonMessages.listFailed}
      errorHint="Please try again later."
      emptyTitle={HackathonMessages.listEmptyTitle}
      emptyHint={HackathonMessages.listEmptyHint}
      countText={(total) => (total === 1 ? '1 hackathon' : `${total} hackathons`)}
      card={(h, i) => <HackathonCard hackathon={h} eager={i === 0} />}
    />
  );
}
