import { Datagrid, List, SelectInput, SimpleList, TextField } from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import type { AdminReport } from '@circuit/shared/api/admin-reports';
import { StatusField, STATUS_CHOICES } from './StatusField';
import { WhenField } from '../when';

const filters = [<SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />];

/** 'Report user' filings, open ones first (the default filter), oldest first. */
export function ReportList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} filterDefaultValues={{ status: 'open' }} sort={{ field: 'createdAt', order: 'ASC' }} perPage={25} title="Reports" empty={false}>
      {phone ? (
        <SimpleList<AdminReport>
          primaryText={(r) => `${r.reporterUsername ?? 'someone'} reported ${r.targetUsername ?? 'a user'}`}
          secondaryText={(r) => r.reason}
          tertiaryText={(r) => r.status}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <WhenField source="createdAt" label="Filed" showTime />
          <TextField source="reporterUsername" label="Reported by" sortable={false} />
          <TextField source="targetUsername" label="Reported user" sortable={false} />
          <TextField source="reason" sortable={false} />
          <StatusField label="Status" sortBy="status" />
        </Datagrid>
      )}
    </List>
  );
}
