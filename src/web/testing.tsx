import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import type { Role } from '../domain/roles';
import type { SessionUser } from './api/types';
import { SessionProvider } from './session/session';
import { Guard } from './shell/guards';
import { MessageProvider } from './shell/messages';

/** Test helpers for jsdom tests of the web app: a fake API behind `fetch` and the app's providers. */

export type FakeRoute = (init: RequestInit | undefined) => { status: number; body: unknown };

export interface FakeApi {
  /** Calls made, as "METHOD /api/path". */
  calls: string[];
  on(method: string, path: string, respond: FakeRoute): void;
}

/** Replaces global fetch; unknown calls answer 404 like the server. */
export function fakeApi(): FakeApi {
  const routes = new Map<string, FakeRoute>();
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input).split('?')[0];
      calls.push(`${method} ${path}`);
      const route = routes.get(`${method} ${path}`);
      const { status, body } = route ? route(init) : { status: 404, body: { message: 'Not found.' } };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, on: (method, path, respond) => routes.set(`${method} /api${path}`, respond) };
}

export function sessionUser(role: Role, id = 7): SessionUser {
  return {
    id,
    name: `Test ${role}`,
    email: `${role}@example.org`,
    role,
    missionary_number: null,
    unreimbursed_amount: 0,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    deleted_at: null,
    profile: null,
    api_token: 'token-of-test',
  };
}

export function setTokenCookie(token: string | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: tests set the session cookie as the app does
  document.cookie = token === null ? 'token=; Path=/; Max-Age=0' : `token=${token}; Path=/`;
}

/** A fake API with `role`'s user signed in: the session cookie set and POST /token answering the user. */
export function signedInApi(role: Role, id?: number): FakeApi {
  const server = fakeApi();
  setTokenCookie('token-of-test');
  server.on('POST', '/token', () => ({ status: 200, body: sessionUser(role, id) }));
  return server;
}

/** Undoes signedInApi (for afterEach): the real fetch back, and no session cookie. */
export function signOutApi(): void {
  vi.unstubAllGlobals();
  setTokenCookie(null);
}

/** Renders `routes` behind the app's Guard in a memory router at `path`, inside AppProviders; returns the router. */
export function renderGuarded(routes: RouteObject[], path: string) {
  const router = createMemoryRouter([{ element: <Guard />, children: routes }], { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The providers main.tsx wraps the app in (without the router). */
export function AppProviders({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MessageProvider>
        <SessionProvider>{children}</SessionProvider>
      </MessageProvider>
    </QueryClientProvider>
  );
}
