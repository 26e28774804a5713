import { Datagrid, List, SearchInput, SelectInput, SimpleList, TextField } from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import type { AuditRegistration } from '@circuit/shared/api/admin-audit';
import { WhenField } from '../when';

const filters = [
  <SearchInput key="q" source="q" placeholder="Username or listing" alwaysOn />,
  <SelectInput
    key="paymentStatus"
    source="paymentStatus"
    label="Payment"
    choices={[
      { id: 'completed', name: 'Completed' },
      { id: 'pending', name: 'Pending' },
      { id: 'failed', name: 'Failed' },
    ]}
    alwaysOn
  />,
];

export function RegistrationAuditList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'registeredAt', order: 'DESC' }} perPage={25} title="Registrations (audit)" empty={false} exporter={false}>
      {phone ? (
        <SimpleList<AuditRegistration> primaryText={(r) => r.username ?? r.userId} secondaryText={(r) => r.listingTitle ?? r.listingId} tertiaryText={(r) => r.paymentStatus} linkType="show" />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="username" />
          <TextField source="listingTitle" label="Listing" />
          <TextField source="type" sortable={false} />
          <TextField source="paymentStatus" label="Payment" sortable={false} />
          <WhenField source="registeredAt" label="Registered" showTime />
        </Datagrid>
      )}
    </List>
  );
}
