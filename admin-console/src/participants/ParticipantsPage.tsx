import { useState } from 'react';
import { Card, CardContent, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, NumberField, SimpleList, TextField, Title } from 'react-admin';
import type { AdminParticipant, AdminParticipantListing, ParticipantListingKind } from '@circuit/shared/api/admin-participants';
import { ListingPicker } from './ListingPicker';
import { ParticipantsActions } from './ParticipantsActions';
import { viewer, WhenField } from '../when';

/** The spec's skills cell: three, then '+N more'. */
const skillsText = (skills: string[]) => (skills.length > 3 ? `${skills.slice(0, 3).join(', ')} +${skills.length - 3} more` : skills.join(', '));

/** A value with a detail underneath: two facts in one column keep the table on a laptop screen. */
function TwoLines({ main, detail }: { main: string; detail: string }) {
  return (
    <>
      {main}
      {detail && (
        <Typography variant="caption" color="text.secondary" component="div">
          {detail}
        </Typography>
      )}
    </>
  );
}

/** College, then course, branch and year underneath: one column instead of four. */
function Studies({ record }: { record: AdminParticipant }) {
  const detail = [record.course, record.branch, record.collegeYear].filter(Boolean).join(' · ');
  return !record.college && !detail ? <>—</> : <TwoLines main={record.college || '—'} detail={detail} />;
}

/** A quiz attempt's time: 45s, 1m 59s. */
const durationText = (s: number | null) => (s === null ? '—' : s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`);


const NONE_YET = (
  <Card sx={{ mt: 1 }}>
    <CardContent>
      <Typography color="text.secondary">No participants yet.</Typography>
    </CardContent>
  </Card>
);

function ParticipantRows({ quiz }: { quiz: boolean }) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (phone) {
    return (
      <SimpleList<AdminParticipant>
        primaryText={(r) => r.name || r.username}
        secondaryText={(r) => `${r.email} · ${r.paymentStatus}`}
        tertiaryText={(r) => (quiz && r.score !== null ? `Score ${r.score} · ${durationText(r.timeTaken)}` : r.registeredAt.slice(0, 10))}
        linkType={false}
        empty={NONE_YET}
      />
    );
  }
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} empty={NONE_YET}>
      <FunctionField<AdminParticipant> source="name" label="Participant" render={(r) => <TwoLines main={r.name || r.username} detail={`@${r.username}`} />} />
      <FunctionField<AdminParticipant> source="email" label="Contact" render={(r) => <TwoLines main={r.email} detail={r.mobile} />} />
      <FunctionField<AdminParticipant> label="Studies" render={(r) => <Studies record={r} />} />
      <FunctionField<AdminParticipant> label="From" render={(r) => [r.state, r.country].filter(Boolean).join(', ') || '—'} />
      <FunctionField<AdminParticipant> label="Skills" render={(r) => skillsText(r.skills) || '—'} />
      <WhenField source="registeredAt" label="Registered" />
      <TextField source="paymentStatus" label="Payment" />
      {!quiz && <FunctionField<AdminParticipant> source="checkedInAt" label="Checked in" sortable={false} render={(r) => (r.checkedInAt ? viewer.dateTime(r.checkedInAt, { weekday: false }) : '—')} />}
      {quiz && <NumberField source="score" emptyText="—" />}
      {quiz && <FunctionField<AdminParticipant> source="completedAt" label="Completed" render={(r) => (r.completedAt ? <TwoLines main={viewer.dateTime(r.completedAt, { weekday: false })} detail={`in ${durationText(r.timeTaken)}`} /> : '—')} />}
    </Datagrid>
  );
}

/** Participants of one hackathon, event or quiz, picked first (a quiz adds its results); Copy and Export of the whole list. */
export function ParticipantsPage() {
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
          exporter={false}
          actions={<ParticipantsActions listing={listing} />}
          // The toolbar stays with no participants, so that Copy and Export can say there is nothing to copy or export.
          empty={false}
        >
          <ParticipantRows quiz={listing.kind === 'quiz'} />
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
