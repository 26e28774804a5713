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
          Moderators and admins manage Circuit from here; auditors read the audit views.
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The <strong>Moderation queue</strong> holds the listings waiting for review: open one to see it as its public page will,
          then approve it or reject it with a reason the organiser reads on their dashboard. <strong>Users</strong> searches
          accounts by username, e-mail or name. <strong>Participants</strong> lists who registered for a hackathon, event or
          quiz and exports them as CSV; an organiser signed in here sees only their own listings.
        </Typography>
      </CardContent>
    </Card>
  );
}
