import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AdminReport } from '@circuit/shared/api/admin-reports';

export const STATUS_CHOICES = [
  { id: 'open', name: 'Open' },
  { id: 'resolved', name: 'Resolved' },
  { id: 'dismissed', name: 'Dismissed' },
];
const COLOURS = { open: 'warning', resolved: 'success', dismissed: 'default' } as const;

export function StatusField(_props: { label?: string; sortBy?: string }) {
  const report = useRecordContext<AdminReport>();
  if (!report) return null;
  return <Chip size="small" color={COLOURS[report.status]} label={STATUS_CHOICES.find((c) => c.id === report.status)?.name ?? report.status} />;
}
