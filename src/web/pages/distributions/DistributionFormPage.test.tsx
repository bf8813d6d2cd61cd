import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { computeDistribution, distributionRequestSchema } from '../../../domain/distributions';
import {
  buildDistributionInput,
  contextFromWire,
  type DistributionContextWire,
  payloadToWire,
} from '../../../domain/distributions/context';
import type { Role } from '../../../domain/roles';
import { Guard } from '../../shell/guards';
import { AppProviders, type FakeApi, fakeApi, sessionUser, setTokenCookie } from '../../testing';
import { usd } from './cents';
import { DistributionFormPage } from './DistributionFormPage';
import { RUTH_CHOICES, ruthWire, savedDistribution, usdCents } from './test-fixtures';

const userEvent = userEventLib.setup({ delay: null });
// A shared 2-core machine: give the fake API and MUI's transitions time.
configure({ asyncUtilTimeout: 10_000 });
const SLOW = { timeout: 60_000 };

const RUTH_USER = { ...sessionUser('missionary', 5), name: 'Ruth Moabite', missionary_number: 'M-7' };

/** What POST /distribution answers: the saved distribution and the message. */
const savedAnswer = () => ({
  ...savedDistribution({ payload: payloadToWire(distributionRequestSchema.parse(RUTH_CHOICES)) }),
  message: 'Saved',
});

function serve(role: Role, wire: DistributionContextWire, record?: Record<string, unknown>): FakeApi {
  const server = fakeApi();
  setTokenCookie('token-of-test');
  server.on('POST', '/token', () => ({ status: 200, body: sessionUser(role) }));
  server.on('GET', '/settings', () => ({ status: 200, body: [] }));
  server.on('GET', '/donation/upload-names', () => ({
    status: 200,
    body: [{ upload_name: 'May 2024', donations: 3, total_amount: 4450, last_imported_at: null }],
  }));
  server.on('GET', '/search_user', () => ({ status: 200, body: [RUTH_USER] }));
  server.on('GET', '/distribution-context', () => ({ status: 200, body: wire }));
  if (record) server.on('GET', `/distribution/${record.id}`, () => ({ status: 200, body: record }));
  return server;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Guard />,
        children: [
          { path: '/admin/distribution-form', element: <DistributionFormPage /> },
          { path: '/admin/distribution-form/:id', element: <DistributionFormPage /> },
          { path: '/admin/distributions/pending', element: <p>The pending list</p> },
        ],
      },
      { path: '/login', element: <p>login</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The value beside a label in the Summary card. */
function summaryValue(label: string): string {
  const summary = screen.getByRole('region', { name: 'Summary' });
  const term = within(summary)
    .getAllByRole('term')
    .find((element) => element.textContent?.trim() === label);
  if (!term) throw new Error(`no ${label} in the summary`);
  return term.nextElementSibling?.textContent ?? '';
}

const next = () => screen.getByRole('button', { name: 'Next' });
const back = () => screen.getByRole('button', { name: 'Back' });

async function chooseRuthAndMay() {
  await userEvent.type(await screen.findByRole('combobox', { name: /Missionary/ }), 'Ru');
  await userEvent.click(await screen.findByRole('option', { name: 'Ruth Moabite (#M-7)' }, { timeout: 5000 }));
  await userEvent.click(screen.getByRole('combobox', { name: /Donation Upload/ }));
  await userEvent.click(await screen.findByRole('option', { name: /May 2024/ }));
  fireEvent.change(screen.getByLabelText(/From Date/), { target: { value: '2024-05-01' } });
  expect(next()).toBeDisabled();
  fireEvent.change(screen.getByLabelText(/To Date/), { target: { value: '2024-05-31' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenCookie(null);
});

describe('Distribution Form', () => {
  it('follows the stepper rules: Back off on step 1, Next until the step is valid, Submit last', SLOW, async () => {
    serve('admin', ruthWire());
    renderAt('/admin/distribution-form');
    expect(await screen.findByRole('heading', { name: 'Distribution Form', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Summary' })).toBeInTheDocument();
    expect(back()).toBeDisabled();
    expect(next()).toBeDisabled();
    // No Back link before a missionary is chosen.
    expect(screen.queryByRole('link', { name: /Back to Missionary Profile/ })).not.toBeInTheDocument();

    await chooseRuthAndMay();
    await waitFor(() => expect(next()).toBeEnabled(), { timeout: 10_000 });
    expect(screen.getByRole('link', { name: /Back to Missionary Profile/ })).toHaveAttribute(
      'href',
      '/admin/user/5/profile',
    );
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByText('05/01/2024 - 05/31/2024')).toBeVisible();

    const titles = ['Customize payroll', 'Approvals', 'Expenses', 'Distribution'];
    for (const title of titles) {
      await userEvent.click(next());
      expect(screen.getByRole('heading', { name: new RegExp(`of 5: ${title}`) })).toBeInTheDocument();
      expect(back()).toBeEnabled();
    }
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();

    // Back to step 1: clearing a date disables Next again.
    for (let step = 0; step < 4; step += 1) await userEvent.click(back());
    fireEvent.change(screen.getByLabelText(/To Date/), { target: { value: '' } });
    expect(next()).toBeDisabled();
  });

  it(
    'previews with the engine: what it shows is what buildDistributionInput + computeDistribution give, and is what it sends',
    SLOW,
    async () => {
      const server = serve('admin', ruthWire());
      let body: unknown = null;
      server.on('POST', '/distribution', (init) => {
        body = JSON.parse(String(init?.body));
        return { status: 201, body: savedAnswer() };
      });
      const router = renderAt('/admin/distribution-form');
      await chooseRuthAndMay();
      await waitFor(() => expect(next()).toBeEnabled(), { timeout: 10_000 });
      // Before any tick: no deposits, no advance.
      expect(summaryValue('Total Donations')).toBe('$4,450.00');
      expect(summaryValue('Admin Fee')).toBe('$445.00');

      await userEvent.click(next());
      await userEvent.click(next());
      await userEvent.click(screen.getByRole('checkbox', { name: 'Approve donation to Vehicle Fund of $250.00' }));
      await userEvent.click(screen.getByRole('checkbox', { name: /Approve recurring deposit of \$100\.00/ }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'Approve advance request 41 of $300.00' }));

      // A manual withdrawal through the Hold Accounts tab's withdrawals dialog.
      await userEvent.click(screen.getByRole('tab', { name: 'Hold Accounts' }));
      await userEvent.click(screen.getByRole('button', { name: 'Show withdrawals of Vehicle Fund' }));
      const withdrawals = screen.getByRole('dialog', { name: 'Hold Account Withdrawals' });
      await userEvent.click(within(withdrawals).getByRole('button', { name: 'Add Transaction' }));
      const add = screen.getByRole('dialog', { name: 'Add Withdrawal' });
      await userEvent.type(within(add).getByRole('textbox', { name: /Amount/ }), '600');
      await userEvent.click(within(add).getByRole('button', { name: 'Add Transaction' }));
      expect(within(withdrawals).getByText('Mat Day Manual Withdrawal')).toBeInTheDocument();
      expect(within(withdrawals).getByText('Unreimbursed Reimbursement')).toBeInTheDocument();
      await userEvent.click(within(withdrawals).getByRole('button', { name: 'Close' }));
      await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));

      // The same computation the server runs, from the same wire data and payload.
      const expected = computeDistribution(
        buildDistributionInput(contextFromWire(ruthWire()), distributionRequestSchema.parse(RUTH_CHOICES)),
      ).distribution;
      expect(expected.ending_balance).toBe(usdCents('93.26'));
      expect(summaryValue('Ending Balance')).toBe(usd(expected.ending_balance));
      expect(summaryValue('Distributable Funds')).toBe(usd(expected.funds_available));
      expect(summaryValue('Total Payroll')).toBe(usd(expected.total_payroll));
      expect(summaryValue('Ending Unreimbursed Amount')).toBe(usd(expected.unreimbursed_amount_ending));
      // The manual withdrawal was cut by the balance: the warning says so.
      expect(
        within(screen.getByRole('region', { name: 'Warnings' })).getByText(
          /Mat Day Manual Withdrawal.*granted \$510\.00/,
        ),
      ).toBeInTheDocument();

      await userEvent.click(next());
      await userEvent.click(next());
      expect(screen.getByText('Total Funds Disbursed').nextElementSibling).toHaveTextContent(
        usd(expected.total_funds_disbursed),
      );
      // Submitting right after typing still sends the comment (the 500 ms debounce is flushed).
      fireEvent.change(screen.getByRole('textbox', { name: 'Comments' }), { target: { value: 'Checked with Ruth' } });
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

      expect(await screen.findByText('Distribution saved!')).toBeInTheDocument();
      expect(await screen.findByText('The pending list')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/distributions/pending');
      expect(distributionRequestSchema.parse(body)).toEqual(
        distributionRequestSchema.parse({ ...RUTH_CHOICES, comments: 'Checked with Ruth' }),
      );
    },
  );

  it('says "An error occurred!" with the server field messages when saving fails', SLOW, async () => {
    const server = serve('admin', ruthWire());
    server.on('POST', '/distribution', () => ({
      status: 422,
      body: { message: 'Please correct the highlighted fields.', errors: { end_date: ['The end date is closed.'] } },
    }));
    const router = renderAt('/admin/distribution-form');
    await chooseRuthAndMay();
    await waitFor(() => expect(next()).toBeEnabled(), { timeout: 10_000 });
    for (let step = 0; step < 4; step += 1) await userEvent.click(next());
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText('An error occurred!')).length).toBeGreaterThan(0);
    expect(screen.getByText('The end date is closed.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/distribution-form');
  });

  it('shows a deficit month clearly', SLOW, async () => {
    const wire = ruthWire();
    wire.profile.fund_balance = 0;
    wire.donations = [];
    serve('admin', wire);
    renderAt('/admin/distribution-form');
    await chooseRuthAndMay();
    const warnings = await screen.findByRole('region', { name: 'Warnings' });
    expect(within(warnings).getByText(/Deficit month/)).toBeInTheDocument();
    expect(summaryValue('Ending Balance')).toMatch(/^-\$/);
  });
});

describe('a saved distribution', () => {
  const saved = (status: 'pending' | 'approved') => {
    const payload = distributionRequestSchema.parse({ ...RUTH_CHOICES, comments: 'Reviewed' });
    const wire = ruthWire();
    wire.distribution = { id: 12, status, payload: payloadToWire(payload) };
    const record = savedDistribution({ id: 12, status, payload: wire.distribution.payload });
    return { wire, record };
  };

  it('is rebuilt from its saved choices, and an admin updates a pending one', SLOW, async () => {
    const { wire, record } = saved('pending');
    const server = serve('admin', wire, record);
    let patched: unknown = null;
    server.on('PATCH', '/distribution/12', (init) => {
      patched = JSON.parse(String(init?.body));
      return { status: 200, body: { ...record, message: 'Updated' } };
    });
    renderAt('/admin/distribution-form/12');
    await waitFor(() => expect(summaryValue('Ending Balance')).toBe('$93.26'), { timeout: 10_000 });
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.queryByText('Read-only')).not.toBeInTheDocument();
    // A statement exists only once the distribution is approved.
    expect(screen.queryByRole('button', { name: 'Statement of distribution 12' })).not.toBeInTheDocument();
    // The field worker and the range of a saved distribution stay as saved.
    expect(screen.getByRole('combobox', { name: /Missionary/ })).toBeDisabled();
    await userEvent.click(next());
    await userEvent.click(next());
    expect(screen.getByRole('checkbox', { name: 'Approve advance request 41 of $300.00' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Approve advance request 41 of $300.00' }));
    await waitFor(() => expect(summaryValue('Ending Balance')).toBe('$393.26'), { timeout: 10_000 });
    await userEvent.click(next());
    await userEvent.click(next());
    expect(screen.getByRole('textbox', { name: 'Comments' })).toHaveValue('Reviewed');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Distribution updated!')).toBeInTheDocument();
    expect(distributionRequestSchema.parse(patched)).toEqual(
      distributionRequestSchema.parse({ ...RUTH_CHOICES, advance_requests: [], comments: 'Reviewed' }),
    );
  });

  it.each([
    ['an admin, approved', 'admin' as Role, 'approved' as const],
    ['an employee, pending', 'employee' as Role, 'pending' as const],
  ])(
    'is read-only for %s: nothing can be ticked or added and the last step has no button',
    SLOW,
    async (_label, role, status) => {
      const { wire, record } = saved(status);
      serve(role, wire, record);
      renderAt('/admin/distribution-form/12');
      await waitFor(() => expect(summaryValue('Ending Balance')).toBe('$93.26'), { timeout: 10_000 });
      expect(screen.getByText('Read-only')).toBeInTheDocument();
      const statement = screen.queryByRole('button', { name: 'Statement of distribution 12' });
      expect(statement !== null).toBe(status === 'approved');
      await userEvent.click(next());
      await userEvent.click(next());
      for (const box of screen.getAllByRole('checkbox', { name: /^Approve/ })) expect(box).toBeDisabled();
      await userEvent.click(screen.getByRole('tab', { name: 'Hold Accounts' }));
      await userEvent.click(screen.getByRole('button', { name: 'Show withdrawals of Vehicle Fund' }));
      const withdrawals = screen.getByRole('dialog', { name: 'Hold Account Withdrawals' });
      expect(within(withdrawals).getByText('Mat Day Manual Withdrawal')).toBeInTheDocument();
      expect(within(withdrawals).queryByRole('button', { name: 'Add Transaction' })).not.toBeInTheDocument();
      expect(within(withdrawals).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
      await userEvent.click(within(withdrawals).getByRole('button', { name: 'Close' }));
      await userEvent.click(next());
      await userEvent.click(next());
      expect(screen.getByRole('heading', { name: /Step 5 of 5/ })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: /Manual Ministry/ })).not.toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Comments' })).toHaveAttribute('readonly');
    },
  );

  it(
    'says once that a reversed distribution was reversed: when, by whom, why and that it moves no money',
    SLOW,
    async () => {
      const { wire, record } = saved('approved');
      serve('admin', wire, {
        ...record,
        status: 'reversed',
        reversed_at: '2024-06-03T10:00:00Z',
        reversed_by_name: 'Ada Admin',
        reversal_reason: 'Paid twice',
      });
      renderAt('/admin/distribution-form/12');
      await waitFor(() => expect(summaryValue('Ending Balance')).toBe('$93.26'), { timeout: 10_000 });
      const notices = screen.getAllByRole('alert').filter((alert) => /reversed/i.test(alert.textContent ?? ''));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toHaveTextContent(
        'This distribution was reversed: it is kept as it was approved and moves no money any more. Reversed on 06/03/2024 by Ada Admin. Reason: Paid twice.',
      );
    },
  );
});

describe('the year notes', () => {
  it(
    'reach the missionary reading an approved month: the answer keeps the year so far (docs/tax.md)',
    SLOW,
    async () => {
      const payload = payloadToWire(distributionRequestSchema.parse(RUTH_CHOICES));
      const yearToDate = {
        year: 2024,
        socialSecurityWageBase: usdCents('184500.00'),
        socialSecurityWagesBefore: usdCents('183500.00'),
        housingDesignation: null,
        housingExcludedBefore: 0,
      };
      const wire = ruthWire({ yearToDate });
      wire.distribution = { id: 12, status: 'approved', payload };
      serve('missionary', wire, savedDistribution({ id: 12, status: 'approved', payload }));
      renderAt('/admin/distribution-form/12');
      await waitFor(() => expect(next()).toBeEnabled(), { timeout: 10_000 });
      expect(screen.getByText('Read-only')).toBeInTheDocument();
      await userEvent.click(next());
      // 184500 − 183500 = 1,000.00 left; gross 2,212.34 (PayrollStep.test.tsx): 1,212.34 above the base
      expect(await screen.findByRole('status')).toHaveTextContent(
        "Social Security wage base of $184,500.00 reached this month: $1,212.34 of this month's wages are above it",
      );
    },
  );
});

describe('several uploads', () => {
  it(
    'preselects every upload still holding the missionary’s undistributed donations, fills their month and sends them all',
    SLOW,
    async () => {
      // The context the server loads for both uploads.
      const server = serve('admin', ruthWire({ donationUploadNames: ['May 2024 checks', 'May 2024'] }));
      server.on('GET', '/donation/upload-names', () => ({
        status: 200,
        body: [
          { upload_name: 'May 2024 checks', donations: 1, total_amount: 300, last_imported_at: null },
          { upload_name: 'May 2024', donations: 3, total_amount: 4450, last_imported_at: null },
          { upload_name: 'April 2024', donations: 2, total_amount: 900, last_imported_at: null },
        ],
      }));
      server.on('GET', '/donation/undistributed', () => ({
        status: 200,
        body: [
          { upload_name: 'May 2024 checks', donations: 1, total_amount: 300 },
          { upload_name: 'May 2024', donations: 3, total_amount: 4450 },
        ],
      }));
      const sent: { body: { donation_upload_names?: string[] } | null } = { body: null };
      server.on('POST', '/distribution', (init) => {
        sent.body = JSON.parse(String(init?.body));
        return { status: 201, body: savedAnswer() };
      });
      renderAt('/admin/distribution-form');
      await userEvent.type(await screen.findByRole('combobox', { name: /Missionary/ }), 'Ru');
      await userEvent.click(await screen.findByRole('option', { name: 'Ruth Moabite (#M-7)' }, { timeout: 5000 }));
      // Both of May's files are chosen (April is distributed already), and May fills the dates.
      await waitFor(() => expect(screen.getByLabelText(/From Date/)).toHaveValue('2024-05-01'), { timeout: 10_000 });
      expect(screen.getByLabelText(/To Date/)).toHaveValue('2024-05-31');
      expect(screen.getByRole('button', { name: 'May 2024' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'May 2024 checks' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'April 2024' })).not.toBeInTheDocument();
      expect(screen.getByText(/Preselected: every upload still holding undistributed donations/)).toBeInTheDocument();
      await waitFor(() => expect(next()).toBeEnabled(), { timeout: 10_000 });
      for (let step = 0; step < 4; step += 1) await userEvent.click(next());
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(sent.body).not.toBeNull(), { timeout: 10_000 });
      expect(sent.body?.donation_upload_names).toEqual(['May 2024 checks', 'May 2024']);
    },
  );

  it('keeps the uploads chosen by hand before the missionary', SLOW, async () => {
    const server = serve('admin', ruthWire());
    server.on('GET', '/donation/undistributed', () => ({
      status: 200,
      body: [{ upload_name: 'June 2024', donations: 1, total_amount: 300 }],
    }));
    renderAt('/admin/distribution-form');
    const uploads = await screen.findByRole('combobox', { name: /Donation Upload/ });
    await waitFor(() => expect(uploads).toBeEnabled(), { timeout: 10_000 });
    await userEvent.click(uploads);
    await userEvent.click(await screen.findByRole('option', { name: /May 2024/ }));
    await userEvent.type(screen.getByRole('combobox', { name: /Missionary/ }), 'Ru');
    await userEvent.click(await screen.findByRole('option', { name: 'Ruth Moabite (#M-7)' }, { timeout: 5000 }));
    await waitFor(() => expect(server.calls).toContain('GET /api/donation/undistributed'), { timeout: 10_000 });
    await waitFor(() => expect(next()).toBeEnabled(), { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'May 2024' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'June 2024' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/From Date/)).toHaveValue('2024-05-01');
  });
});
