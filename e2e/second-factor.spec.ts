import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiCall, apiToken, createUserViaApi, expectAccessible, logout } from './support';

/** Decision 16 (docs/decisions.md): TOTP enrolment and sign-in through the screens. */
const SHOTS = process.env.SHOTS_DIR;

/** The code an authenticator app would show `offsetMs` from now. */
function codeFor(secret: string, offsetMs = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetMs });
}

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => window.innerWidth === 1280);
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('TOTP: enrol from Account Security with the QR code’s key, then sign in with a code', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request);
  const tag = Date.now();
  const user = await createUserViaApi(request, admin, {
    name: `Phoebe Cenchreae ${tag}`,
    email: `phoebe.${tag}@office.example`,
    role: 'employee',
  });
  await passwordStep(page, user.email, user.password);
  await expect(page.getByText('Welcome!')).toBeVisible();
  await page.getByRole('link', { name: 'Account Security' }).click();
  await expect(page.getByRole('heading', { name: 'Account Security', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await shots(page, 'totp-enrol');

  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByText('The code is not correct.')).toBeVisible();
  await page.getByLabel('Code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn On' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent()) ?? '';
  await shots(page, 'totp-recovery-codes');
  await page.getByRole('button', { name: 'I Have Saved Them' }).click();
  await expect(page.getByText(/Recovery codes left: 10/)).toBeVisible();

  // Sign in again: the password alone asks for the code. The next step's code (the current one was
  // just used to confirm, and a code works once).
  await logout(page);
  await passwordStep(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'totp-sign-in');
  await page.getByLabel('Code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is not correct.')).toBeVisible();
  await page.getByLabel('Code').fill(codeFor(secret, 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Welcome!')).toBeVisible();

  // A recovery code works once.
  await logout(page);
  await passwordStep(page, user.email, user.password);
  await page.getByLabel('Code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Welcome!')).toBeVisible();
  await logout(page);
  await passwordStep(page, user.email, user.password);
  await page.getByLabel('Code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is not correct.')).toBeVisible();
});

test('passkey: register one from Account Security with a virtual authenticator, then sign in with it', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request);
  const tag = Date.now();
  const user = await createUserViaApi(request, admin, {
    name: `Lydia Thyatira ${tag}`,
    email: `lydia.t.${tag}@field.example`,
    role: 'missionary',
    missionary_number: `P${String(tag).slice(-5)}`,
  });
  // Chromium's virtual authenticator: a platform passkey (resident key) that verifies its user.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await passwordStep(page, user.email, user.password);
  await expect(page.getByText('Welcome!')).toBeVisible();
  await page.goto('/account/security');
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a Passkey' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await page.getByLabel('Passkey name').fill('Field phone');
  await page.getByRole('button', { name: 'Add a Passkey' }).click();
  await expect(page.getByText('The passkey was added.')).toBeVisible();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('Field phone')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential).toBe(true);
  await expectAccessible(page);
  await shots(page, 'passkey-list');

  // Username-less: no email typed, the passkey names the account.
  await logout(page);
  await expect(page.getByRole('button', { name: 'Sign in with a Passkey' })).toBeVisible();
  await shots(page, 'login-with-passkey-button');
  await page.getByRole('button', { name: 'Sign in with a Passkey' }).click();
  await expect(page.getByText('Welcome!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${user.id}$|/$`));
  await page.goto('/account/security');
  await expect(list.getByText(/last used/)).toBeVisible();

  // After typing the email; then the passkey is removed and signs no one in.
  await logout(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Sign in with a Passkey' }).click();
  await expect(page.getByText('Welcome!')).toBeVisible();
  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Remove Field phone' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await logout(page);
  await page.getByRole('button', { name: 'Sign in with a Passkey' }).click();
  await expect(page.getByText('That passkey did not sign you in.', { exact: false })).toBeVisible();
});

test('an admin the setting requires to enrol lands on Account Security and reaches nothing else until done', async ({
  page,
  request,
}) => {
  const office = await apiToken(request);
  const tag = Date.now();
  const boss = await createUserViaApi(request, office, {
    name: `Priscilla ${tag}`,
    email: `priscilla.${tag}@office.example`,
    role: 'admin',
  });
  const newcomer = await createUserViaApi(request, office, {
    name: `Aquila ${tag}`,
    email: `aquila.${tag}@office.example`,
    role: 'admin',
  });
  // The admin who turns the setting on has an authenticator app (set up through the API here).
  const bossToken = await apiToken(request, boss.email, boss.password);
  const { secret } = await apiCall(request, bossToken, 'POST', '/account/totp');
  await apiCall(request, bossToken, 'POST', '/account/totp/confirm', { code: codeFor(secret) });
  await apiCall(request, bossToken, 'PATCH', '/second-factor/policy', { require_for_admins: true });
  try {
    await passwordStep(page, newcomer.email, newcomer.password);
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page.getByText('Administrators must use a second factor.')).toBeVisible();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/account\/security$/);
    await shots(page, 'admin-must-enrol');
    await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
    const mine = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    await page.getByLabel('Code').fill(codeFor(mine));
    await page.getByRole('button', { name: 'Turn On' }).click();
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I Have Saved Them' }).click();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/dashboard\/?$/);
  } finally {
    await apiCall(request, bossToken, 'PATCH', '/second-factor/policy', { require_for_admins: false });
  }
});
