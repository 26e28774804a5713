import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { TopToolbar } from 'react-admin';
import type { AdminParticipantListing } from '@circuit/shared/api/admin-participants';
import { useParticipantsTable } from './useParticipantsTable';

/** Copy and Export of the picked listing's participants (both stay enabled: with none, they say so). */
export function ParticipantsActions({ listing }: { listing: AdminParticipantListing }) {
  const { exportCsv, copy } = useParticipantsTable(listing);
  return (
    <TopToolbar>
      <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        Copy
      </Button>
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => void exportCsv()}>
        Export
      </Button>
    </TopToolbar>
  );
}
