import { act, fireEvent, render, screen } from '@testing-library/react';
import { SESSION_IDLE_MS } from '../../domain/roles';
import { settingsContract } from '../../domain/settings/contract';
import { call } from '../api/call';
import { AppProviders, type FakeApi, fakeApi, sessionUser, setTokenCookie } from '../testing';
import { useSession } from './session';
import { getToken } from './token-store';

function Probe() {
  const { status, user, expired } = useSession();
  return (
    <div>
      <p>status: {status}</p>
      <p>user: {user?.email ?? 'none'}</p>
      <p>expired: {String(expired)}</p>
      <button type="button" onClick={() => void call(settingsContract.listSettings).catch(() => undefined)}>
        call the API
      </button>
    </div>
  );
}

/** Lets pending fetches and state updates finish without moving the clock. */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const HOUR = 3_600_000;

let server: FakeApi;
beforeEach(() => {
  vi.useFakeTimers();
  server = fakeApi();
  server.on('POST', '/token', () => ({ status: 200, body: sessionUser('missionary') }));
  server.on('GET', '/settings', () => ({ status: 200, body: [] }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setTokenCookie(null);
});

async function signedIn() {
  setTokenCookie('token-of-test');
  render(
    <AppProviders>
      <Probe />
    </AppProviders>,
  );
  await flush();
  expect(screen.getByText('status: authenticated')).toBeInTheDocument();
}

describe('the session', () => {
  it('signs back in from the token cookie', async () => {
    await signedIn();
    expect(screen.getByText('user: missionary@example.org')).toBeInTheDocument();
    expect(server.calls).toContain('POST /api/token');
  });

  it('ends after 4 idle hours: cookie gone, user gone, marked expired', async () => {
    await signedIn();
    expect(SESSION_IDLE_MS).toBe(4 * HOUR); // docs/product.md §9: 14,400,000 ms
    await advance(SESSION_IDLE_MS - 1000);
    expect(screen.getByText('status: authenticated')).toBeInTheDocument();
    expect(getToken()).toBe('token-of-test');
    await advance(1000);
    expect(screen.getByText('status: anonymous')).toBeInTheDocument();
    expect(screen.getByText('user: none')).toBeInTheDocument();
    expect(screen.getByText('expired: true')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('counts from the last API call, not from sign-in', async () => {
    await signedIn();
    await advance(3 * HOUR);
    fireEvent.click(screen.getByRole('button', { name: 'call the API' }));
    await flush();
    // 3 h idle, a call, then 3 h 59 min more: 6 h 59 min after sign-in, but only 3 h 59 min idle.
    await advance(SESSION_IDLE_MS - 60_000);
    expect(screen.getByText('status: authenticated')).toBeInTheDocument();
    await advance(60_000);
    expect(screen.getByText('status: anonymous')).toBeInTheDocument();
  });

  it('ends at once when the server answers 401 to a call', async () => {
    await signedIn();
    server.on('GET', '/settings', () => ({ status: 401, body: { message: 'Please log in to continue.' } }));
    fireEvent.click(screen.getByRole('button', { name: 'call the API' }));
    await flush();
    expect(screen.getByText('status: anonymous')).toBeInTheDocument();
    expect(screen.getByText('expired: true')).toBeInTheDocument();
  });

  it('forgets a token the server no longer knows', async () => {
    server.on('POST', '/token', () => ({ status: 401, body: { message: 'Your session has expired.' } }));
    setTokenCookie('token-of-test');
    render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    expect(screen.getByText('status: loading')).toBeInTheDocument();
    await flush();
    expect(screen.getByText('status: anonymous')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('has no timer running without a session', async () => {
    render(
      <AppProviders>
        <Probe />
      </AppProviders>,
    );
    await flush();
    expect(screen.getByText('status: anonymous')).toBeInTheDocument();
    expect(screen.getByText('expired: false')).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });
});
