import { Admin, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { Dashboard } from './Dashboard';
import { dataProvider } from './dataProvider';
import users from './users';

export function App() {
  return (
    <Admin title="Circuit admin" dataProvider={dataProvider} authProvider={authProvider} dashboard={Dashboard} requireAuth disableTelemetry>
      <Resource name="users" {...users} />
    </Admin>
  );
}
