import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { MISSIONARY, type Role, STAFF } from '../../domain/roles';
import { AppProviders, fakeApi, sessionUser, setTokenCookie } from '../testing';
import { Guard } from './guards';

function Where({ label }: { label: string }) {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return (
    <p>
      {label} at {location.pathname}
      {from ? ` from ${from}` : ''}
    </p>
  );
}

/** A route table like the app's: one guarded group per shell. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Where label="home" /> },
      { path: '/login', element: <Where label="login" /> },
      { element: <Guard roles={STAFF} />, children: [{ path: '/admin/users', element: <Where label="users" /> }] },
      {
        element: <Guard roles={MISSIONARY} />,
        children: [{ path: '/dashboard/:id', element: <Where label="dashboard" /> }],
      },
      { element: <Guard />, children: [{ path: '/distribution-form', element: <Where label="form" /> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

function signedInAs(role: Role | null) {
  const server = fakeApi();
  if (role) {
    setTokenCookie('token-of-test');
    server.on('POST', '/token', () => ({ status: 200, body: sessionUser(role) }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenCookie(null);
});

describe('route guards (docs/product.md §2.1)', () => {
  it.each([['/admin/users'], ['/dashboard/7'], ['/distribution-form']])(
    'send %s to /login without a token, remembering where it was going',
    async (path) => {
      signedInAs(null);
      renderAt(path);
      expect(await screen.findByText(`login at /login from ${path}`)).toBeInTheDocument();
    },
  );

  it.each([
    ['missionary', '/admin/users'],
    ['admin', '/dashboard/7'],
    ['employee', '/dashboard/7'],
    ['none', '/admin/users'],
    ['none', '/distribution-form'],
  ] as const)('send a %s on %s to /', async (role, path) => {
    signedInAs(role);
    renderAt(path);
    expect(await screen.findByText('home at /')).toBeInTheDocument();
  });

  it.each([
    ['admin', '/admin/users', 'users'],
    ['employee', '/admin/users', 'users'],
    ['missionary', '/dashboard/7', 'dashboard'],
    ['missionary', '/distribution-form', 'form'],
    ['employee', '/distribution-form', 'form'],
  ] as const)('let a %s open %s', async (role, path, label) => {
    signedInAs(role);
    renderAt(path);
    expect(await screen.findByText(`${label} at ${path}`)).toBeInTheDocument();
  });

  it('wait for the token check before deciding', async () => {
    signedInAs('admin');
    renderAt('/admin/users');
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
    await waitFor(() => expect(screen.getByText('users at /admin/users')).toBeInTheDocument());
  });
});
