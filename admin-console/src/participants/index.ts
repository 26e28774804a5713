import PeopleIcon from '@mui/icons-material/People';
import { ParticipantsPage } from './ParticipantsPage';

/** The `participants` resource: who registered for a hackathon, event or quiz, with CSV export. */
export default {
  list: ParticipantsPage,
  icon: PeopleIcon,
  options: { label: 'Participants' },
};
