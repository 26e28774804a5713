import PeopleIcon from '@mui/icons-material/People';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

/** The `users` resource (react-admin demo layout: one folder per resource, spread into <Resource>). */
export default {
  list: UserList,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: 'username',
};
