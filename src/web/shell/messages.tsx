import { Alert, Snackbar } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** SPEC.md §8/§9: messages show 4 s, errors (red) 8 s. */
export const MESSAGE_MS = 4000;
export const ERROR_MS = 8000;

interface Message {
  key: number;
  text: string;
  severity: 'success' | 'error' | 'info';
}

interface Messages {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
}

const MessageContext = createContext<Messages | null>(null);

export function MessageProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const show = useCallback((severity: Message['severity'], text: string) => {
    setMessage({ key: Date.now(), text, severity });
  }, []);
  const value = useMemo<Messages>(
    () => ({
      success: (text) => show('success', text),
      error: (text) => show('error', text),
      info: (text) => show('info', text),
    }),
    [show],
  );
  return (
    <MessageContext.Provider value={value}>
      {children}
      <Snackbar
        key={message?.key}
        open={message !== null}
        autoHideDuration={message?.severity === 'error' ? ERROR_MS : MESSAGE_MS}
        // Only this message closes: a late timeout of the previous one must not hide a newer message.
        onClose={(_event, reason) => {
          const key = message?.key;
          if (reason !== 'clickaway') setMessage((current) => (current?.key === key ? null : current));
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {message ? (
          <Alert
            severity={message.severity}
            variant="filled"
            onClose={() => setMessage(null)}
            role={message.severity === 'error' ? 'alert' : 'status'}
            sx={{ width: '100%' }}
          >
            {message.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </MessageContext.Provider>
  );
}

export function useMessages(): Messages {
  const messages = useContext(MessageContext);
  if (!messages) throw new Error('useMessages outside MessageProvider');
  return messages;
}
