import { Admin, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { Dashboard } from './Dashboard';
import { dataProvider } from './dataProvider';
import { judgingAudit, paymentAudit, registrationAudit } from './audit';
import communities from './communities';
import participants from './participants';
import moderation from './moderation';
import reports from './reports';
import users from './users';

/** Each role sees its resources; the server checks the same roles on every request (shared/src/admin/access.ts). */
export function App() {
  return (
    <Admin title="Circuit admin" dataProvider={dataProvider} authProvider={authProvider} dashboard={Dashboard} requireAuth disableTelemetry>
      {(role: string) => (
        <>
          {(role === 'moderator' || role === 'admin') && <Resource name="moderation" {...moderation} />}
          {(role === 'moderator' || role === 'admin') && <Resource name="users" {...users} />}
          {(role === 'moderator' || role === 'admin') && <Resource name="reports" {...reports} />}
          {(role === 'moderator' || role === 'admin') && <Resource name="communities" {...communities} />}
          {(role === 'moderator' || role === 'admin' || role === 'organiser') && <Resource name="participants" {...participants} />}
          {(role === 'auditor' || role === 'admin') && <Resource name="audit/registrations" {...registrationAudit} />}
          {(role === 'auditor' || role === 'admin') && <Resource name="audit/payments" {...paymentAudit} />}
          {(role === 'auditor' || role === 'admin') && <Resource name="audit/judging" {...judgingAudit} />}
        </>
      )}
    </Admin>
  );
}
