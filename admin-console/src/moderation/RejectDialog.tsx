import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';

const MAX = 1000;

/** Asks for the reason the organiser will read in the rejected note; blank is refused here and on the server. */
export function RejectDialog({ open, title, busy, onClose, onReject }: { open: boolean; title: string; busy: boolean; onClose(): void; onReject(reason: string): void }) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const blank = reason.trim() === '';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reject-title">
      <DialogTitle id="reject-title">Reject “{title}”</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          label="Reason (the organiser sees it)"
          value={reason}
          onChange={(e) => setReason(e.target.value.slice(0, MAX))}
          onBlur={() => setTouched(true)}
          error={touched && blank}
          helperText={touched && blank ? 'A reason is required' : `${reason.length}/${MAX}`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          onClick={() => {
            setTouched(true);
            if (!blank) onReject(reason.trim());
          }}
        >
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}
