import { FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { PARTICIPANT_LISTING_KINDS, type AdminParticipantListing, type ParticipantListingKind } from '@circuit/shared/api/admin-participants';
import { useParticipantListings } from './useParticipantListings';

const KIND_LABEL: Record<ParticipantListingKind, string> = { hackathon: 'Hackathon', event: 'Event', quiz: 'Quiz' };

interface Props {
  kind: ParticipantListingKind | '';
  listing: AdminParticipantListing | null;
  onKind: (kind: ParticipantListingKind | '') => void;
  onListing: (listing: AdminParticipantListing | null) => void;
}

/** Kind, then one of the listings of that kind the caller may see. */
export function ListingPicker({ kind, listing, onKind, onListing }: Props) {
  const { listings, isPending } = useParticipantListings(kind);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
      <FormControl size="small" sx={{ minWidth: 160 }}>
        <InputLabel id="participants-kind">Type</InputLabel>
        <Select
          labelId="participants-kind"
          label="Type"
          value={kind}
          onChange={(e) => {
            onKind(e.target.value as ParticipantListingKind | '');
            onListing(null);
          }}
        >
          <MenuItem value="">All types</MenuItem>
          {PARTICIPANT_LISTING_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {KIND_LABEL[k]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 280, flex: 1, maxWidth: 560 }} disabled={isPending}>
        <InputLabel id="participants-listing">Listing</InputLabel>
        <Select
          labelId="participants-listing"
          label="Listing"
          value={listing?.id ?? ''}
          onChange={(e) => onListing(listings.find((l) => l.id === e.target.value) ?? null)}
        >
          {listings.length === 0 && (
            <MenuItem value="" disabled>
              {isPending ? 'Loading…' : 'No listings'}
            </MenuItem>
          )}
          {listings.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {`${l.title} · ${KIND_LABEL[l.kind]} · ${l.participants} registered`}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Stack>
  );
}
