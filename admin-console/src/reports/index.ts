import FlagIcon from '@mui/icons-material/Flag';
import { ReportList } from './ReportList';
import { ReportShow } from './ReportShow';

/** The `reports` resource: 'Report user' filings, resolved or dismissed with a note. */
export default {
  list: ReportList,
  show: ReportShow,
  icon: FlagIcon,
  options: { label: 'Reports' },
};
