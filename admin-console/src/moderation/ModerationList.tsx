import { Datagrid, FunctionField, List, SearchInput, SelectInput, SimpleList, TextField, useRecordContext } from 'react-admin';
import { Chip, useMediaQuery, type Theme } from '@mui/material';
import { MODERATION_KIND_LABELS, type ModerationItem } from '@circuit/shared/api/admin-moderation';
import { BulkApproveButton } from './ModerationButtons';
import { waitingFor } from './waiting';
import { WhenField } from '../when';

const TYPE_CHOICES = Object.entries(MODERATION_KIND_LABELS).map(([id, name]) => ({ id, name }));
const AGE_CHOICES = [
  { id: 1, name: 'Waiting over a day' },
  { id: 2, name: 'Waiting over 2 days' },
  { id: 7, name: 'Waiting over a week' },
];

const filters = [
  <SearchInput key="q" source="q" placeholder="Title" alwaysOn />,
  <SelectInput key="type" source="type" label="Type" choices={TYPE_CHOICES} alwaysOn />,
  <SelectInput key="age" source="minAgeDays" label="Age" choices={AGE_CHOICES} alwaysOn />,
];

function TypeChip() {
  const item = useRecordContext<ModerationItem>();
  if (!item) return null;
  return <Chip size="small" label={kindLabel(item.type)} />;
}

/** Pending listings of every kind, oldest first: the moderators' work queue. */
const kindLabel = (type: string) => MODERATION_KIND_LABELS[type as keyof typeof MODERATION_KIND_LABELS] ?? type;

export function ModerationList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'submittedAt', order: 'ASC' }} perPage={25} title="Moderation queue" empty={false}>
      {phone ? (
        <SimpleList<ModerationItem>
          primaryText={(item) => item.title}
          secondaryText={(item) => `${kindLabel(item.type)} · ${item.organiserName ?? item.organiserUsername ?? '—'}`}
          tertiaryText={(item) => `waiting ${waitingFor(item.submittedAt)}`}
          linkType="show"
        />
      ) : (
      <Datagrid rowClick="show" bulkActionButtons={<BulkApproveButton />}>
        <TypeChip />
        <TextField source="title" />
        <FunctionField<ModerationItem> label="Organiser" render={(item) => item.organiserName ?? item.organiserUsername ?? '—'} />
        <WhenField source="submittedAt" label="Submitted" showTime />
        <FunctionField<ModerationItem> label="Waiting" sortBy="submittedAt" render={(item) => waitingFor(item.submittedAt)} />
      </Datagrid>
      )}
    </List>
  );
}
