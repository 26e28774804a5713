import { Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';

/** The landing page: what the console holds today, no figures of its own. */
export function Dashboard() {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Circuit admin" />
      <CardContent>
        <Typography variant="h5" gutterBottom>
          Circuit admin
        </Typography>
        <Typography variant="body1" gutterBottom>
          Moderators and admins manage Circuit from here.
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Open <strong>Users</strong> in the menu to search accounts by username, e-mail or name, and filter them by role or
          e-mail verification. More sections will follow.
        </Typography>
      </CardContent>
    </Card>
  );
}
