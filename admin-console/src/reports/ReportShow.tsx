import CheckIcon from '@mui/icons-material/Check';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { ReferenceField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import type { AdminReport } from '@circuit/shared/api/admin-reports';
import { API_URL } from '../api';
import { useConsoleRequest } from '../useConsoleRequest';
import { ReasonDialog } from '../ReasonDialog';
import { StatusField } from './StatusField';
import { WhenField } from '../when';

/** Resolve or Dismiss an open report, each with a note. */
function CloseButtons() {
  const report = useRecordContext<AdminReport>();
  const { busy, send } = useConsoleRequest();
  const [asking, setAsking] = useState<'resolve' | 'dismiss' | null>(null);
  if (!report || report.status !== 'open') return null;
  async function close(action: 'resolve' | 'dismiss', note: string) {
    const done = await send(`${API_URL}/admin/reports/${encodeURIComponent(report!.id)}/${action}`, 'POST', action === 'resolve' ? 'Report resolved' : 'Report dismissed', { note });
    if (done) setAsking(null);
  }
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" variant="contained" color="success" startIcon={<CheckIcon />} onClick={() => setAsking('resolve')}>
        Resolve
      </Button>
      <Button size="small" variant="outlined" startIcon={<DoNotDisturbIcon />} onClick={() => setAsking('dismiss')}>
        Dismiss
      </Button>
      <ReasonDialog
        open={asking !== null}
        busy={busy}
        title={asking === 'resolve' ? 'Resolve this report' : 'Dismiss this report'}
        text={asking === 'resolve' ? 'Say what was done (for example: warned or suspended the user).' : 'Say why nothing needs doing.'}
        label="Note"
        requiredMessage="A note is required"
        action={asking === 'resolve' ? 'Resolve' : 'Dismiss'}
        onClose={() => setAsking(null)}
        onConfirm={(note) => void close(asking ?? 'resolve', note)}
      />
    </Stack>
  );
}

export function ReportShow() {
  return (
    <Show
      title="Report"
      actions={
        <TopToolbar>
          <CloseButtons />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <StatusField label="Status" />
        <WhenField source="createdAt" label="Filed" showTime />
        <ReferenceField source="reporterId" reference="users" label="Reported by" link="show" />
        <ReferenceField source="targetId" reference="users" label="Reported user" link="show" />
        <TextField source="reason" />
        <TextField source="note" emptyText="—" />
        <WhenField source="handledAt" label="Closed" showTime emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
