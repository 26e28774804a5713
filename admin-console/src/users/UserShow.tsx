import { BooleanField, EmailField, FunctionField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { StandingActions } from './StandingActions';
import { RoleField } from './RoleField';
import { fullName, type AdminUser } from './types';
import { WhenField } from '../when';

function UserTitle() {
  const user = useRecordContext<AdminUser>();
  return <span>{user ? `User ${user.username}` : 'User'}</span>;
}

export function UserShow() {
  return (
    <Show
      title={<UserTitle />}
      actions={
        <TopToolbar sx={{ pt: 2 }}>
          <StandingActions />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="username" />
        <FunctionField<AdminUser> label="Name" render={(user) => fullName(user)} />
        <EmailField source="email" />
        <RoleField label="Role" />
        <BooleanField source="isEmailVerified" label="E-mail verified" />
        <BooleanField source="isSuspended" label="Suspended" />
        <WhenField source="createdAt" label="Joined" showTime />
        <WhenField source="lastLogin" label="Last sign-in" showTime emptyText="Never" />
        <TextField source="id" label="User id" />
      </SimpleShowLayout>
    </Show>
  );
}
