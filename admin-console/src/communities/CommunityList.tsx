import { Datagrid, List, NumberField, SearchInput, SimpleList, TextField } from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import type { AdminCommunity } from '@circuit/shared/api/admin-communities';
import { plural } from './plural';

const filters = [<SearchInput key="q" source="q" placeholder="Hackathon title" alwaysOn />];

/** Every hackathon's community, busiest first. */
export function CommunityList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'messages', order: 'DESC' }} perPage={25} title="Communities" exporter={false}>
      {phone ? (
        <SimpleList<AdminCommunity>
          primaryText={(r) => r.title}
          secondaryText={(r) => `${plural(r.messages, 'message')} · ${plural(r.participants, 'participant')}`}
          tertiaryText={(r) => (r.removed > 0 ? `${r.removed} removed` : '')}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="title" label="Hackathon" />
          <TextField source="organiserUsername" label="Organiser" sortable={false} emptyText="—" />
          <NumberField source="messages" />
          <NumberField source="participants" sortable={false} />
          <NumberField source="admins" sortable={false} />
          <NumberField source="removed" label="Removed" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
