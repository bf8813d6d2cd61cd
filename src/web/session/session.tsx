import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { authContract, TSecondFactorNeeded } from '../../domain/auth/contract';
import { SESSION_IDLE_MS } from '../../domain/roles';
import { call } from '../api/call';
import { route } from '../api/route';
import type { SessionUser } from '../api/types';
import { clearToken, getToken, setSessionHandlers, setToken } from './token-store';

// The first page names its contracts as types only (route.ts): zod is not downloaded before sign-in.
const loginRoute = route<typeof authContract.login>({ method: 'POST', path: '/login' });
const logoutRoute = route<typeof authContract.logout>({ method: 'POST', path: '/logout' });
const tokenRoute = route<typeof authContract.loginWithToken>({ method: 'POST', path: '/token' });

type Status = 'loading' | 'anonymous' | 'authenticated';

interface Session {
  status: Status;
  user: SessionUser | null;
  /** A session, or the step that asks for the second factor (TOTP on). */
  login(email: string, password: string): Promise<SessionUser | TSecondFactorNeeded>;
  /** Starts a session the server opened (after a second factor or a passkey). */
  adopt(signedIn: SessionUser): void;
  logout(): Promise<void>;
  /** Reload the signed-in user (after a profile change). */
  refresh(): Promise<void>;
  /** Set when the session ended on its own (expired token, 4 idle hours). */
  expired: boolean;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>(() => (getToken() ? 'loading' : 'anonymous'));
  const [user, setUser] = useState<SessionUser | null>(null);
  const [expired, setExpired] = useState(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const end = useCallback(
    (becauseExpired: boolean) => {
      if (idleTimer.current) clearTimeout(idleTimer.current);
      idleTimer.current = null;
      clearToken();
      setUser(null);
      setStatus('anonymous');
      setExpired(becauseExpired);
      queryClient.clear();
    },
    [queryClient],
  );

  const armIdleTimer = useCallback(() => {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    if (!getToken()) return;
    // After 4 hours without a call the session ends here too; the guards then send the page to /login.
    idleTimer.current = setTimeout(() => end(true), SESSION_IDLE_MS);
  }, [end]);

  useEffect(() => setSessionHandlers({ unauthorized: () => end(true), activity: armIdleTimer }), [end, armIdleTimer]);

  useEffect(() => {
    const token = getToken();
    if (!token) return;
    call(tokenRoute, { body: { api_token: token } })
      .then((signedIn) => {
        // As a transition, React draws the signed-in page in slices and keeps "Signing you in" until
        // it is ready, instead of one task the phone cannot interrupt (docs/performance.md).
        startTransition(() => {
          setUser(signedIn);
          setStatus('authenticated');
        });
        armIdleTimer();
      })
      .catch((error) => {
        // Offline: the user this device last saw with this very token stays signed in (kept by
        // offline/WaitingToSend), so the drafts kept here open; anything else ends the session.
        const me = error.status === 0 && JSON.parse(localStorage.getItem('me') ?? '{}');
        if (me?.api_token !== token) return end(true);
        setUser(me);
        setStatus('authenticated');
      });
  }, [armIdleTimer, end]);

  const adopt = useCallback(
    (signedIn: SessionUser) => {
      setToken(signedIn.api_token);
      setUser(signedIn);
      setStatus('authenticated');
      setExpired(false);
      armIdleTimer();
    },
    [armIdleTimer],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const answer = await call(loginRoute, { body: { email, password } });
      if ('second_factor_required' in answer) return answer;
      adopt(answer);
      return answer;
    },
    [adopt],
  );

  const logout = useCallback(async () => {
    if (getToken()) await call(logoutRoute).catch(() => undefined);
    end(false);
  }, [end]);

  const refresh = useCallback(async () => {
    const token = getToken();
    if (!token) return;
    setUser(await call(tokenRoute, { body: { api_token: token } }));
  }, []);

  const value = useMemo(
    () => ({ status, user, login, adopt, logout, refresh, expired }),
    [status, user, login, adopt, logout, refresh, expired],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in user; only for screens behind a guard. */
export function useCurrentUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser without a signed-in user');
  return user;
}
