import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { RegistrationComparison, RegistrationState } from '@circuit/shared/api/admin-audit';
import { viewer } from '../when';

/** `kindOnly` rows belong to one kind of registration (teams, quiz attempts): hidden where both sides are empty. */
const FIELDS: { key: keyof RegistrationState; label: string; kindOnly?: boolean }[] = [
  { key: 'label', label: 'State' },
  { key: 'registered', label: 'Registered' },
  { key: 'paymentStatus', label: 'Payment' },
  { key: 'teamId', label: 'Team', kindOnly: true },
  { key: 'teamStatus', label: 'Team status', kindOnly: true },
  { key: 'attempt', label: 'Quiz attempt', kindOnly: true },
];

const show = (v: unknown) => (v === null ? '—' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v));

/** Replayed state beside today's read model; differing fields are marked. */
export function StateComparison({ comparison, title }: { comparison: RegistrationComparison; title: string }) {
  const differs = new Set<string>(comparison.differences);
  return (
    <Box sx={{ my: 2 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      {comparison.differences.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          Differs from today’s read model: {comparison.differences.join(', ')}
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mb: 1 }}>
          The replay matches today’s read model.
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>Replayed at {viewer.dateTime(comparison.at)}</TableCell>
              <TableCell>Read model today</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {FIELDS.filter((f) => !f.kindOnly || comparison.replayed[f.key] !== null || comparison.readModel[f.key] !== null).map(({ key, label }) => {
              const flagged = differs.has(key);
              return (
                <TableRow key={key} sx={flagged ? { bgcolor: 'warning.light' } : undefined}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {label}
                    {flagged ? ' ⚠' : ''}
                  </TableCell>
                  <TableCell data-testid={`replayed-${key}`}>{show(comparison.replayed[key])}</TableCell>
                  <TableCell>{show(comparison.readModel[key])}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
