import {
  BooleanField,
  Datagrid,
  EmailField,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import { RoleField } from './RoleField';
import { fullName, ROLE_CHOICES, type AdminUser } from './types';
import { WhenField } from '../when';

const filters = [
  <SearchInput key="q" source="q" placeholder="Username, e-mail or name" alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLE_CHOICES} alwaysOn />,
  <NullableBooleanInput key="isEmailVerified" source="isEmailVerified" label="E-mail verified" />,
  <NullableBooleanInput key="isSuspended" source="isSuspended" label="Suspended" />,
];

export function UserList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      {phone ? (
        <SimpleList<AdminUser>
          primaryText={(user) => user.username}
          secondaryText={(user) => `${fullName(user)} · ${user.role}${user.isSuspended ? ' · suspended' : ''}`}
          tertiaryText={(user) => user.email}
          linkType="show"
        />
      ) : (
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="username" />
        <FunctionField<AdminUser> label="Name" sortBy="lastName" render={(user) => fullName(user)} />
        <EmailField source="email" />
        <RoleField label="Role" sortBy="role" />
        <BooleanField source="isEmailVerified" label="Verified" />
        <BooleanField source="isSuspended" label="Suspended" sortable={false} />
        <WhenField source="createdAt" label="Joined" />
      </Datagrid>
      )}
    </List>
  );
}
