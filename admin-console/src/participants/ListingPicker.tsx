import { FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import { PARTICIPANT_LISTING_KINDS, type AdminParticipantListing, type ParticipantListingKind } from '@circuit/shared/api/admin-participants';
import { useParticipantListings } from './useParticipantListings';

const KIND_LABEL: Record<ParticipantListingKind, string> = { hackathon: 'Hackathon', event: 'Event', quiz: 'Quiz' };

/** The Type select's value for no kind (MUI shows no label text for an empty value). */
const ALL = 'all';

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
      <FormControl size="small" sx={{ width: { xs: '100%', sm: 180 }, flex: 'none' }}>
        <InputLabel id="participants-kind">Type</InputLabel>
        <Select
          labelId="participants-kind"
          label="Type"
          value={kind || ALL}
          onChange={(e) => {
            const value = e.target.value;
            onKind(value === ALL ? '' : (value as ParticipantListingKind));
            onListing(null);
          }}
        >
          <MenuItem value={ALL}>All types</MenuItem>
          {PARTICIPANT_LISTING_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {KIND_LABEL[k]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {/* At most the screen's width less the page's padding: a long title ends in an ellipsis instead of widening the page on a phone. */}
      <FormControl size="small" sx={{ width: { xs: '100%', sm: 520 }, maxWidth: 'calc(100vw - 16px)', flex: 'none' }} disabled={isPending}>
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
