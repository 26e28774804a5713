import GavelIcon from '@mui/icons-material/Gavel';
import { ModerationList } from './ModerationList';
import { ModerationShow } from './ModerationShow';

/** The `moderation` resource: pending hackathons (and events and quizzes once registered), approve and reject. */
export default {
  list: ModerationList,
  show: ModerationShow,
  icon: GavelIcon,
  recordRepresentation: 'title',
  options: { label: 'Moderation queue' },
};
