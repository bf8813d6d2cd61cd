import { configure, render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { TSecondFactorStatus } from '../../../domain/second-factor/contract';
import { AppProviders, fakeApi, sessionUser, setTokenCookie } from '../../testing';
import { TotpSection } from './TotpSection';

const userEvent = userEventLib.setup({ delay: null });
configure({ asyncUtilTimeout: 10_000 });

const on: TSecondFactorStatus = {
  totp: 'on',
  totp_confirmed_at: '2026-11-01T10:00:00.000Z',
  recovery_codes_left: 2,
  required: false,
  enrolment_needed: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenCookie(null);
});

describe('TotpSection: new recovery codes', () => {
  it('sends the password, shows the new codes once, and a wrong password under its field', async () => {
    const server = fakeApi();
    setTokenCookie('token-of-test');
    server.on('POST', '/token', () => ({ status: 200, body: sessionUser('employee') }));
    const sent: unknown[] = [];
    server.on('POST', '/account/recovery-codes', (init) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      return body.password === 'right-password'
        ? { status: 200, body: { recovery_codes: ['abcde-fghij', 'klmno-pqrst'] } }
        : {
            status: 422,
            body: { message: 'The password is incorrect.', errors: { password: ['The password is incorrect.'] } },
          };
    });
    render(
      <AppProviders>
        <TotpSection status={on} />
      </AppProviders>,
    );
    const form = screen.getByRole('form', { name: 'New recovery codes' });
    const password = form.querySelector('#regenerate-password') as HTMLInputElement;
    await userEvent.type(password, 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'New Recovery Codes' }));
    expect(await screen.findByText('The password is incorrect.')).toBeVisible();
    await userEvent.clear(password);
    await userEvent.type(password, 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'New Recovery Codes' }));
    expect(await screen.findByText('New recovery codes are ready; the old ones no longer work.')).toBeVisible();
    expect(screen.getByTestId('recovery-codes')).toHaveTextContent('abcde-fghijklmno-pqrst');
    expect(sent).toEqual([
      { password: 'wrong', code: '' },
      { password: 'right-password', code: '' },
    ]);
  });
});

describe('TotpSection: turning it off', () => {
  it('sends the password and a code; a wrong code shows under its field and in the message bar', async () => {
    const server = fakeApi();
    setTokenCookie('token-of-test');
    server.on('POST', '/token', () => ({ status: 200, body: sessionUser('employee') }));
    const sent: unknown[] = [];
    server.on('POST', '/account/totp', (init) => {
      // A DELETE with a body goes as a form posted with _method (src/web/api/call.ts).
      const form = init?.body;
      const body = Object.fromEntries(form instanceof FormData ? form.entries() : []);
      sent.push(body);
      return body.code === '123456'
        ? { status: 200, body: { success: true, message: 'The authenticator app is off.' } }
        : {
            status: 422,
            body: { message: 'The code is not correct.', errors: { code: ['The code is not correct.'] } },
          };
    });
    const { container } = render(
      <AppProviders>
        <TotpSection status={on} />
      </AppProviders>,
    );
    const password = container.querySelector('#disable-password') as HTMLInputElement;
    const code = container.querySelector('#disable-code') as HTMLInputElement;
    await userEvent.type(password, 'right-password');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn Off' }));
    // Under Code, and in the message bar (which loads lazily).
    await waitFor(() => expect(screen.getAllByText('The code is not correct.')).toHaveLength(2));
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn Off' }));
    expect(await screen.findByText('The authenticator app is off.')).toBeVisible();
    expect(sent).toEqual([
      { password: 'right-password', code: '000000', _method: 'DELETE' },
      { password: 'right-password', code: '123456', _method: 'DELETE' },
    ]);
  });
});
