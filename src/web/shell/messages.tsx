import { createContext, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import { lazyPage } from '../components/lazy-page';

// The snackbar's code arrives with the first message, not with the page (the login page's JavaScript budget).
const MessageBar = lazyPage(() => import('./MessageBar'), 'MessageBar');

/** docs/product.md §8/§9: messages show 4 s, errors (red) 8 s. */
export const MESSAGE_MS = 4000;
export const ERROR_MS = 8000;

export interface Message {
  key: number;
  text: string;
  severity: 'success' | 'error' | 'info';
}

interface Messages {
  success(text: string): void;
  error(text: string): void;
  info(text: string): void;
  /** Takes the message down if it still says `text`: its cause is gone. */
  dismiss(text: string): void;
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
      dismiss: (text) => setMessage((current) => (current?.text === text ? null : current)),
    }),
    [show],
  );
  return (
    <MessageContext.Provider value={value}>
      {children}
      {message && (
        <Suspense fallback={null}>
          <MessageBar
            message={message}
            onClose={(key) => setMessage((current) => (current?.key === key ? null : current))}
          />
        </Suspense>
      )}
    </MessageContext.Provider>
  );
}

export function useMessages(): Messages {
  const messages = useContext(MessageContext);
  if (!messages) throw new Error('useMessages outside MessageProvider');
  return messages;
}
