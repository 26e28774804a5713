import { Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, TextField, useRecordContext } from 'react-admin';
import { Chip } from '@mui/material';
import { MODERATION_KIND_LABELS, type ModerationItem } from '@circuit/shared/api/admin-moderation';
import { BulkApproveButton } from './ModerationButtons';
import { waitingFor } from './waiting';

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
  return <Chip size="small" label={MODERATION_KIND_LABELS[item.type as keyof typeof MODERATION_KIND_LABELS] ?? item.type} />;
}

/** Pending listings of every kind, oldest first: the moderators' work queue. */
export function ModerationList() {
  return (
    <List filters={filters} sort={{ field: 'submittedAt', order: 'ASC' }} perPage={25} title="Moderation queue" empty={false}>
      <Datagrid rowClick="show" bulkActionButtons={<BulkApproveButton />}>
        <TypeChip />
        <TextField source="title" />
        <FunctionField<ModerationItem> label="Organiser" render={(item) => item.organiserName ?? item.organiserUsername ?? '—'} />
        <DateField source="submittedAt" label="Submitted" showTime />
        <FunctionField<ModerationItem> label="Waiting" sortBy="submittedAt" render={(item) => waitingFor(item.submittedAt)} />
      </Datagrid>
    </List>
  );
}
