import ForumIcon from '@mui/icons-material/Forum';
import { CommunityList } from './CommunityList';
import { CommunityShow } from './CommunityShow';

/** The `communities` resource: each hackathon's chat, its admins and the users removed from it. */
export default {
  list: CommunityList,
  show: CommunityShow,
  icon: ForumIcon,
  options: { label: 'Communities' },
};
