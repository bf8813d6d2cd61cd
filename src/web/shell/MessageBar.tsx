import { Alert, Snackbar } from '@mui/material';
import { ERROR_MS, MESSAGE_MS, type Message } from './messages';

/** The message of docs/product.md §8/§9 at the bottom of the screen; closing it closes only this message. */
export function MessageBar({ message, onClose }: { message: Message; onClose: (key: number) => void }) {
  return (
    <Snackbar
      key={message.key}
      open
      autoHideDuration={message.severity === 'error' ? ERROR_MS : MESSAGE_MS}
      // Only this message closes: a late timeout of the previous one must not hide a newer message.
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose(message.key);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
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
