import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';

const MAX = 1000;

/** Asks for the reason an action is recorded with; blank is refused here and on the server. */
export function ReasonDialog(props: { open: boolean; title: string; text: string; action: string; label?: string; requiredMessage?: string; busy: boolean; onClose(): void; onConfirm(reason: string): void }) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const blank = reason.trim() === '';
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="reason-title">
      <DialogTitle id="reason-title">{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.text}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={props.label ?? 'Reason'}
          value={reason}
          onChange={(e) => setReason(e.target.value.slice(0, MAX))}
          onBlur={() => setTouched(true)}
          error={touched && blank}
          helperText={touched && blank ? (props.requiredMessage ?? 'A reason is required') : `${reason.length}/${MAX}`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          disabled={props.busy}
          onClick={() => {
            setTouched(true);
            if (!blank) props.onConfirm(reason.trim());
          }}
        >
          {props.action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
