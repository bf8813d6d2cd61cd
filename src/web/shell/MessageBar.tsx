import { Alert, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { ERROR_MS, MESSAGE_MS, type Message } from './messages';

/** A dialog is on screen: an open MUI dialog (a kept-mounted one that is closed does not count). */
export function dialogOnScreen(root: ParentNode = document): boolean {
  return [...root.querySelectorAll('[role="dialog"]')].some((dialog) => !dialog.closest('.MuiModal-hidden'));
}

/**
 * Whether a dialog is open, followed as dialogs open and close: their portals come and go as
 * children of <body>, so watching its child list is enough.
 */
function useDialogOnScreen(): boolean {
  const [open, setOpen] = useState(dialogOnScreen);
  useEffect(() => {
    const observer = new MutationObserver(() => setOpen(dialogOnScreen()));
    observer.observe(document.body, { childList: true });
    setOpen(dialogOnScreen());
    return () => observer.disconnect();
  }, []);
  return open;
}

/**
 * The message of docs/product.md §8/§9 at the bottom of the screen; closing it closes only this message.
 * While a dialog is open the message shows at the top instead: a dialog's buttons sit at its bottom
 * edge (on a phone, at the bottom of the screen), and a message must never cover them — the next
 * expense's Add button is tapped within the 4 s the last one's "Expense added." stays up.
 */
export function MessageBar({ message, onClose }: { message: Message; onClose: (key: number) => void }) {
  const overDialog = useDialogOnScreen();
  return (
    <Snackbar
      key={message.key}
      open
      autoHideDuration={message.severity === 'error' ? ERROR_MS : MESSAGE_MS}
      // Only this message closes: a late timeout of the previous one must not hide a newer message.
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose(message.key);
      }}
      anchorOrigin={{ vertical: overDialog ? 'top' : 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={message.severity}
        variant="filled"
        onClose={() => onClose(message.key)}
        role={message.severity === 'error' ? 'alert' : 'status'}
        sx={{ width: '100%' }}
      >
        {message.text}
      </Alert>
    </Snackbar>
  );
}
