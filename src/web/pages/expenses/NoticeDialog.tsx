import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';

/** An action that cannot go ahead (e.g. a distribution references the record): says why, offers Close. */
export function NoticeDialog(props: { open: boolean; title: string; children: ReactNode; onClose(): void }) {
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="notice-title" maxWidth="xs" fullWidth>
      <DialogTitle id="notice-title">{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{props.children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={props.onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
