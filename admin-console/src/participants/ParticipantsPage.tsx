import { useState } from 'react';
import { Card, CardContent, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, DateField, ExportButton, FunctionField, List, SimpleList, TextField, Title, TopToolbar, useNotify } from 'react-admin';
import type { AdminParticipant, AdminParticipantListing, ParticipantListingKind } from '@circuit/shared/api/admin-participants';
import { ListingPicker } from './ListingPicker';
import { NOTHING_TO_EXPORT, participantsExporter } from './exportParticipants';

/** The spec's skills cell: three, then '+N more'. */
const skillsText = (skills: string[]) => (skills.length > 3 ? `${skills.slice(0, 3).join(', ')} +${skills.length - 3} more` : skills.join(', '));

/** College, then course, branch and year underneath: one column instead of four keeps the table on a laptop screen. */
function Studies({ record }: { record: AdminParticipant }) {
  const detail = [record.course, record.branch, record.collegeYear].filter(Boolean).join(' · ');
  if (!record.college && !detail) return <>—</>;
  return (
    <>
      {record.college || '—'}
      {detail && (
        <Typography variant="caption" color="text.secondary" component="div">
          {detail}
        </Typography>
      )}
    </>
  );
}

function ParticipantRows() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (phone) {
    return (
      <SimpleList<AdminParticipant>
        primaryText={(r) => r.name || r.username}
        secondaryText={(r) => `${r.email} · ${r.paymentStatus}`}
        tertiaryText={(r) => r.registeredAt.slice(0, 10)}
        linkType={false}
      />
    );
  }
  return (
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="name" />
      <TextField source="username" />
      <TextField source="email" />
      <TextField source="mobile" sortable={false} emptyText="—" />
      <FunctionField<AdminParticipant> label="Studies" render={(r) => <Studies record={r} />} />
      <FunctionField<AdminParticipant> label="From" render={(r) => [r.state, r.country].filter(Boolean).join(', ') || '—'} />
      <FunctionField<AdminParticipant> label="Skills" render={(r) => skillsText(r.skills) || '—'} />
      <DateField source="registeredAt" label="Registered" />
      <TextField source="paymentStatus" label="Payment" />
    </Datagrid>
  );
}

/** Participants of one hackathon, event or quiz, picked first; Export writes `{title}_participants.csv`. */
export function ParticipantsPage() {
  const notify = useNotify();
  const [kind, setKind] = useState<ParticipantListingKind | ''>('');
  const [listing, setListing] = useState<AdminParticipantListing | null>(null);
  return (
    <>
      {!listing && <Title title="Participants" />}
      <ListingPicker kind={kind} listing={listing} onKind={setKind} onListing={setListing} />
      {listing ? (
        <List<AdminParticipant>
          key={listing.id}
          resource="participants"
          title={`Participants · ${listing.title}`}
          filter={{ kind: listing.kind, listingId: listing.listingId }}
          sort={{ field: 'registeredAt', order: 'ASC' }}
          perPage={25}
          disableSyncWithLocation
          exporter={participantsExporter(listing.title, () => notify(NOTHING_TO_EXPORT, { type: 'info' }))}
          actions={
            <TopToolbar>
              <ExportButton maxResults={1000} />
            </TopToolbar>
          }
          empty={
            <Card sx={{ mt: 1 }}>
              <CardContent>
                <Typography color="text.secondary">No participants yet.</Typography>
              </CardContent>
            </Card>
          }
        >
          <ParticipantRows />
        </List>
      ) : (
        <Card>
          <CardContent>
            <Typography color="text.secondary">Pick a listing to see its participants.</Typography>
          </CardContent>
        </Card>
      )}
    </>
  );
}
