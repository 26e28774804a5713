import { useGetList } from 'react-admin';
import type { AdminParticipantListing, ParticipantListingKind } from '@circuit/shared/api/admin-participants';

/** The listings whose participants the caller may see (the server scopes an organiser to their own). */
export function useParticipantListings(kind: ParticipantListingKind | '') {
  const { data, isPending, error } = useGetList<AdminParticipantListing>('participant-listings', {
    filter: kind ? { kind } : {},
    sort: { field: 'title', order: 'ASC' },
    pagination: { page: 1, perPage: 1000 },
  });
  return { listings: data ?? [], isPending, error };
}
