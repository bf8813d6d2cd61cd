import { expect, test } from '@playwright/test';
import { apiCall, apiToken, createUserViaApi, expectAccessible, latestMailTo, loginAs, screenshots } from './support';

/**
 * Office notifications (docs/decisions.md "Office notifications"): an employee opens their own
 * profile from the menu, chooses the daily digest at a time of day, then mail at once; a
 * missionary's advance request then reaches them with its link.
 */

const stamp = Date.now();

test('an employee chooses how they hear of submissions on their profile', async ({ page, request }) => {
  const admin = await apiToken(request);
  const eli = await createUserViaApi(request, admin, {
    name: `Eli Desk ${stamp}`,
    email: `eli.${stamp}@office.example`,
    role: 'employee',
  });
  const ruth = await createUserViaApi(request, admin, {
    name: `Ruth Asks ${stamp}`,
    email: `ruth.asks.${stamp}@field.example`,
    role: 'missionary',
    missionary_number: `ON-${String(stamp).slice(-6)}`,
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, eli.email, eli.password);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/user/${eli.id}/profile$`));
  const section = page.getByRole('region', { name: 'Mail about submissions' });
  await expect(section.getByRole('radio', { name: 'Don’t email me' })).toBeChecked();

  // The daily digest at a time: an empty time is refused with the server's words.
  await section.getByRole('radio', { name: 'Email me one daily digest' }).check();
  const time = section.getByLabel('Time of the daily digest');
  await time.fill('');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByText('Choose the time of day for the digest.')).toBeVisible();
  await time.fill('07:45');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your mail about submissions is saved.')).toBeVisible();
  const own = await apiToken(request, eli.email, eli.password);
  const saved = await apiCall(request, own, 'GET', '/office-notifications');
  expect(saved).toMatchObject({ mode: 'digest', digest_time: '07:45' });
  expect(saved.time_zone).toBeTruthy();
  await expect(section.getByText(`In your time zone, ${saved.time_zone}.`)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'office-notices-digest');

  // At once: the next advance request is mailed with its link.
  await section.getByRole('radio', { name: 'Email me at once, one mail per submission' }).check();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await apiCall(request, own, 'GET', '/office-notifications')).mode).toBe('immediate');
  const ruthToken = await apiToken(request, ruth.email, ruth.password);
  const asked = await request.post('/api/advance-request', {
    headers: { 'api-token': ruthToken },
    form: { amount_requested: '275.00', status: 'requested', user_id: ruth.id, purpose: 'Fuel for the clinic run' },
  });
  expect(asked.ok(), await asked.text()).toBeTruthy();
  const id = (await asked.json()).id;
  const mailTo = () => {
    try {
      return latestMailTo(eli.email);
    } catch {
      return '';
    }
  };
  await expect.poll(mailTo, { timeout: 20_000 }).toContain(`Advance request #${id}`);
  expect(mailTo()).toContain('/admin/advance-requests/unprocessed');
  expect(mailTo()).toContain('$275.00');
  await expectAccessible(page);
  await screenshots(page, 'office-notices-immediate');
});
