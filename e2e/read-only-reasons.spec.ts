import { expect, test } from '@playwright/test';
import { apiToken, createUserViaApi, expectAccessible, screenshots, signInAsNewUser } from './support';

const REFUSALS = [
  'You do not have permission to do that.',
  'Only administrators can import donation files.',
  'Only administrators can add users.',
  'Only administrators read the outbox',
];

test('every item of an employee’s menu opens a screen that does not refuse them, and read-only screens say why', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = String(Date.now());
  const token = await apiToken(request);
  const ruth = await createUserViaApi(request, token, {
    name: `Ruth Readonly ${suffix}`,
    email: `ruth.readonly.${suffix}@field.example`,
    role: 'missionary',
  });
  await signInAsNewUser(page, request, `Ira Clerk ${suffix}`, `ira.${suffix}@office.example`, 'employee');

  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const links = nav.getByRole('link');
  await expect(links.first()).toBeVisible();
  const targets = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => ({ name: anchor.textContent?.trim() ?? '', href: anchor.getAttribute('href') ?? '' })),
  );
  expect(targets.length).toBeGreaterThan(3);
  for (const target of targets) {
    await page.goto(target.href);
    await expect(page.getByRole('heading', { level: 1 }), target.name).toBeVisible();
    for (const refusal of REFUSALS) await expect(page.getByText(refusal), `${target.name}: ${refusal}`).toHaveCount(0);
  }

  // Read-only screens say why in a sentence, not with greyed controls.
  await page.goto('/admin/donations');
  await expect(page.getByText('Only an admin can import, change or approve donations.')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'read-only-donations');

  await page.goto(`/admin/user/${ruth.id}/profile`);
  await expect(page.getByText("Only an admin can change a user's profile and payroll info.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'read-only-profile');
});
