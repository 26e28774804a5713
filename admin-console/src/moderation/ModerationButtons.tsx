import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useListContext, useRecordContext, useRedirect } from 'react-admin';
import type { ModerationItem } from '@circuit/shared/api/admin-moderation';
import { RejectDialog } from './RejectDialog';
import { useModerationActions } from './useModerationActions';

/** Approve, Reject (with its reason) and the public page, for the record in context. */
export function ReviewButtons({ afterwards = 'list' }: { afterwards?: 'list' | 'stay' }) {
  const item = useRecordContext<ModerationItem>();
  const { busy, approve, reject } = useModerationActions({ leaving: afterwards === 'list' });
  const redirect = useRedirect();
  const [rejecting, setRejecting] = useState(false);
  if (!item) return null;
  const done = (ok: boolean) => {
    if (ok && afterwards === 'list') redirect('list', 'moderation');
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
      <Button size="small" variant="contained" color="success" startIcon={<CheckIcon />} disabled={busy} onClick={async () => done(await approve(item))}>
        Approve
      </Button>
      <Button size="small" variant="outlined" color="error" startIcon={<CloseIcon />} disabled={busy} onClick={() => setRejecting(true)}>
        Reject
      </Button>
      <Button size="small" href={item.publicPath} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />}>
        Public page
      </Button>
      <RejectDialog
        open={rejecting}
        title={item.title}
        busy={busy}
        onClose={() => setRejecting(false)}
        onReject={async (reason) => {
          const ok = await reject(item, reason);
          if (ok) setRejecting(false);
          done(ok);
        }}
      />
    </Stack>
  );
}

/** Approves every selected listing. */
export function BulkApproveButton() {
  const { selectedIds, data } = useListContext<ModerationItem>();
  const { busy, bulkApprove } = useModerationActions();
  const chosen = (data ?? []).filter((item) => selectedIds.includes(item.id));
  return (
    <Button size="small" color="success" startIcon={<CheckIcon />} disabled={busy || chosen.length === 0} onClick={() => bulkApprove(chosen)}>
      Approve selected
    </Button>
  );
}
