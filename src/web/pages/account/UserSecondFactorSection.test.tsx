import { configure, render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Role } from '../../../domain/roles';
import { ZUserSchema } from '../../../domain/users/contract';
import type { User } from '../../api/types';
import { Guard } from '../../shell/guards';
import { AppProviders, fakeApi, sessionUser, setTokenCookie } from '../../testing';
import { UserSecondFactorSection } from './UserSecondFactorSection';

const userEvent = userEventLib.setup({ delay: null });
configure({ asyncUtilTimeout: 10_000 });

// The user as GET /user/{id} answers it: the session's fields through the contract (extra ones dropped).
const lost: User = ZUserSchema.parse({ ...sessionUser('employee', 42), name: 'Lydia Thyatira' });

function serve(role: Role) {
  const server = fakeApi();
  setTokenCookie('token-of-test');
  let factors = { totp: 'on', passkeys: 1, recovery_codes_left: 8 };
  server.on('POST', '/token', () => ({ status: 200, body: sessionUser(role) }));
  server.on('GET', '/user/42/second-factor', () => ({ status: 200, body: factors }));
  server.on('DELETE', '/user/42/second-factor', () => {
    factors = { totp: 'off', passkeys: 0, recovery_codes_left: 0 };
    return { status: 200, body: { success: true, message: 'The second factor of Lydia Thyatira was removed.' } };
  });
  return server;
}

function renderSection() {
  const router = createMemoryRouter(
    [{ element: <Guard />, children: [{ path: '/user/42', element: <UserSecondFactorSection user={lost} /> }] }],
    { initialEntries: ['/user/42'] },
  );
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenCookie(null);
});

describe('UserSecondFactorSection', () => {
  it('asks before removing, then removes and shows no second factor', async () => {
    const server = serve('admin');
    renderSection();
    expect(
      await screen.findByText('Signs in with an authenticator app, 1 passkey, 8 recovery codes left.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Second Factor' }));
    expect(screen.getByRole('dialog', { name: 'Remove the second factor?' })).toBeVisible();
    expect(server.calls).not.toContain('DELETE /api/user/42/second-factor');
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The second factor of Lydia Thyatira was removed.')).toBeVisible();
    expect(server.calls).toContain('DELETE /api/user/42/second-factor');
    expect(await screen.findByText('No second factor.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove Second Factor' })).toBeNull();
  });

  it('shows nothing to an employee and asks nothing of the server', async () => {
    const server = serve('employee');
    renderSection();
    await waitFor(() => expect(server.calls).toContain('POST /api/token'));
    expect(screen.queryByText(/Second Factor/)).toBeNull();
    expect(server.calls).not.toContain('GET /api/user/42/second-factor');
  });
});
