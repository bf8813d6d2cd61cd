import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type FormEventHandler, type ReactNode, useId } from 'react';

const FORM_LAYOUT = { display: 'flex', flexDirection: 'column', minHeight: 0 } as const;

/**
 * A dialog around one form: its title, the fields, Cancel, and a submit button that stays disabled
 * while the save is in flight so a double click cannot post twice. `noValidate` leaves validation
 * to the shared zod schema, whose messages are docs/product.md's, instead of the browser's bubbles.
 * The form is laid out as the dialog's own column, so a long form scrolls between its title and its
 * buttons and the buttons are always on screen, as in a dialog without a form.
 */
export function FormDialog(props: {
  title: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth={props.maxWidth ?? 'sm'} aria-labelledby={titleId}>
      {/* A flex column that may shrink: the fields scroll and the buttons stay on screen (a phone). */}
      <form onSubmit={props.onSubmit} noValidate style={FORM_LAYOUT}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>{props.children}</DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={props.submitting}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
