import { configure, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { Role } from '../../../domain/roles';
import { type FakeApi, renderGuarded, signedInApi, signOutApi } from '../../testing';
import { DistributionsPage } from './DistributionsPage';
import { distributionRow as row } from './test-fixtures';
import type { DistributionRecord } from './types';

const userEvent = userEventLib.setup({ delay: null });
// A shared 2-core machine: give the fake API and MUI's transitions time.
configure({ asyncUtilTimeout: 10_000 });
const SLOW = { timeout: 60_000 };

function serve(role: Role, rows: DistributionRecord[]): FakeApi {
  const server = signedInApi(role);
  server.on('GET', '/paginated_distribution', () => ({ status: 200, body: { data: rows, total_count: rows.length } }));
  return server;
}

function renderAt(path: string) {
  return renderGuarded(
    [
      { path: '/admin/distributions/:status', element: <DistributionsPage /> },
      { path: '/admin/distribution-form/:id', element: <p>the form</p> },
    ],
    path,
  );
}

afterEach(signOutApi);

describe('Distributions list', () => {
  it('approves the selected pending distributions after a confirmation', SLOW, async () => {
    const server = serve('admin', [
      row(3, {
        ending_balance: -20,
        review_flags: [
          { code: 'negative_ending_balance', message: 'Ending balance is negative: -$20.00.' },
          { code: 'donations_down', message: 'Donations down 40 % from the previous distribution.' },
        ],
      }),
      row(4),
    ]);
    let sent: FormData | null = null;
    server.on('POST', '/batch-approve', (init) => {
      sent = init?.body as FormData;
      return { status: 200, body: { message: 'Distributions Approved', approved: [3], failed: [] } };
    });
    renderAt('/admin/distributions/pending');
    expect(await screen.findByRole('heading', { name: 'Distributions - Status: pending' })).toBeInTheDocument();
    await screen.findByText('Missionary 3');
    // Review flags as chips on pending rows.
    expect(screen.getByLabelText('Ending balance is negative: -$20.00.')).toHaveTextContent('Negative');
    expect(screen.getByText('Donations down')).toBeInTheDocument();

    const approve = screen.getByRole('button', { name: 'Approve Selected' });
    expect(approve).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve Selected (2)' }));
    // The flagged one lists its flags and is left out until each is ticked as reviewed.
    const dialog = screen.getByRole('dialog', { name: 'Approve 1 distribution?' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      '1 of 2 selected is left out until every flag is ticked.',
    );
    expect(within(dialog).getByRole('button', { name: 'Approve 1' })).toBeEnabled();
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Reviewed: Ending balance is negative: -$20.00.' }),
    );
    expect(screen.getByRole('dialog', { name: 'Approve 1 distribution?' })).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Reviewed: Donations down 40 % from the previous distribution.' }),
    );
    expect(screen.getByRole('dialog', { name: 'Approve 2 distributions?' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect(server.calls).not.toContain('POST /api/batch-approve');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Distributions Approved')).toBeInTheDocument();
    expect((sent as FormData | null)?.get('distribution_ids')).toBe('[3,4]');
    expect(JSON.parse(String((sent as FormData | null)?.get('reviewed')))).toEqual([
      { id: 3, flags: ['negative_ending_balance', 'donations_down'] },
    ]);
  });

  it('approves only the unflagged ones when a flag is left unticked', SLOW, async () => {
    const server = serve('admin', [
      row(3, { review_flags: [{ code: 'donations_down', message: 'Donations down 40 %.' }] }),
      row(4),
    ]);
    let sent: FormData | null = null;
    server.on('POST', '/batch-approve', (init) => {
      sent = init?.body as FormData;
      return { status: 200, body: { message: 'Distributions Approved', approved: [4], failed: [] } };
    });
    renderAt('/admin/distributions/pending');
    await screen.findByText('Missionary 3');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve Selected (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve 1 distribution?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve 1' }));
    expect(await screen.findByText('Distributions Approved')).toBeInTheDocument();
    expect((sent as FormData | null)?.get('distribution_ids')).toBe('[4]');
    expect((sent as FormData | null)?.get('reviewed')).toBe('[]');
  });

  it('deletes a pending distribution only after confirmation', SLOW, async () => {
    const server = serve('admin', [row(3)]);
    server.on('DELETE', '/distribution/3', () => ({
      status: 200,
      body: { id: 3, success: true, message: 'Distribution Deleted' },
    }));
    renderAt('/admin/distributions/pending');
    await screen.findByText('Missionary 3');
    await userEvent.click(screen.getByRole('button', { name: 'Delete distribution #3' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete distribution?' });
    expect(within(dialog).getByText(/#3 for Missionary 3/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls).not.toContain('DELETE /api/distribution/3');
    await userEvent.click(screen.getByRole('button', { name: 'Delete distribution #3' }));
    const again = await screen.findByRole('dialog', { name: 'Delete distribution?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Distribution Deleted')).toBeInTheDocument();
    expect(server.calls).toContain('DELETE /api/distribution/3');
  });

  it('shows employees everything read-only: no approve, delete or build', SLOW, async () => {
    serve('employee', [row(3)]);
    renderAt('/admin/distributions/pending');
    await screen.findByText('Missionary 3');
    expect(screen.queryByRole('button', { name: /Approve Selected/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Build MAT Day distributions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select row 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View' })).toHaveAttribute('href', '/admin/distribution-form/3');
  });

  it('sends an unknown status to the approved tab', SLOW, async () => {
    serve('admin', [row(5, { status: 'approved', approved_at: '2024-06-02T10:00:00.000Z' })]);
    const router = renderAt('/admin/distributions/other');
    expect(await screen.findByRole('heading', { name: 'Distributions - Status: approved' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/distributions/approved');
    await screen.findByText('Missionary 5');
    expect(screen.queryByRole('button', { name: /Approve Selected/ })).not.toBeInTheDocument();
  });

  it('builds MAT Day distributions for a range and upload after a confirm step', SLOW, async () => {
    const server = serve('admin', []);
    server.on('GET', '/donation/upload-names', () => ({
      status: 200,
      body: [{ upload_name: 'May 2024', donations: 30, total_amount: 44500, last_imported_at: null }],
    }));
    let sent: unknown = null;
    server.on('POST', '/batch-distributions', (init) => {
      sent = JSON.parse(String(init?.body));
      return {
        status: 201,
        body: {
          message: '2 pending distributions built.',
          start_date: '2024-05-01',
          end_date: '2024-05-31',
          donation_upload_name: 'May 2024',
          donation_upload_names: ['May 2024'],
          created: [],
          flagged_count: 1,
          skipped: [
            { user_id: 9, user_name: 'Boaz', distribution_id: 8, reason: 'Already has a pending distribution (#8).' },
          ],
          failed: [],
        },
      };
    });
    renderAt('/admin/distributions/pending');
    await userEvent.click(await screen.findByRole('button', { name: 'Build MAT Day distributions' }));
    const dialog = screen.getByRole('dialog', { name: 'Build MAT Day distributions' });
    const go = within(dialog).getByRole('button', { name: 'Continue' });
    expect(go).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Donation Upload/ }));
    await userEvent.click(await screen.findByRole('option', { name: /May 2024/ }));
    // The upload names May 2024: its month fills the dates, as on the Distribution Form.
    expect(within(dialog).getByLabelText(/From Date/)).toHaveValue('2024-05-01');
    expect(within(dialog).getByLabelText(/To Date/)).toHaveValue('2024-05-31');
    await userEvent.click(go);
    expect(within(dialog).getByText(/every active missionary from 05\/01\/2024 to 05\/31\/2024/)).toBeInTheDocument();
    expect(server.calls).not.toContain('POST /api/batch-distributions');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Build distributions' }));
    await waitFor(() =>
      expect(sent).toEqual({
        start_date: '2024-05-01',
        end_date: '2024-05-31',
        donation_upload_names: ['May 2024'],
        progress_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      }),
    );
    expect(await within(dialog).findByText(/1 needs a review/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Boaz: Already has a pending distribution/)).toBeInTheDocument();
  });

  it(
    'preselects every upload still holding undistributed donations, fills their month and builds with all of them',
    SLOW,
    async () => {
      const server = serve('admin', []);
      server.on('GET', '/donation/upload-names', () => ({
        status: 200,
        body: [
          { upload_name: 'November 2026 checks', donations: 4, total_amount: 3300, last_imported_at: null },
          { upload_name: 'November 2026', donations: 30, total_amount: 44500, last_imported_at: null },
          { upload_name: 'October 2026', donations: 28, total_amount: 41000, last_imported_at: null },
        ],
      }));
      server.on('GET', '/donation/undistributed', () => ({
        status: 200,
        body: [
          { upload_name: 'November 2026 checks', donations: 4, total_amount: 3300 },
          { upload_name: 'November 2026', donations: 30, total_amount: 44500 },
        ],
      }));
      let sent: unknown = null;
      server.on('POST', '/batch-distributions', (init) => {
        sent = JSON.parse(String(init?.body));
        return {
          status: 201,
          body: {
            message: '2 pending distributions built.',
            start_date: '2026-11-01',
            end_date: '2026-11-30',
            donation_upload_name: null,
            donation_upload_names: ['November 2026', 'November 2026 checks'],
            created: [],
            flagged_count: 0,
            skipped: [],
            failed: [],
          },
        };
      });
      renderAt('/admin/distributions/pending');
      await userEvent.click(await screen.findByRole('button', { name: 'Build MAT Day distributions' }));
      const dialog = screen.getByRole('dialog', { name: 'Build MAT Day distributions' });
      // November's two files, not October's (all distributed), and November's dates.
      await waitFor(() => expect(within(dialog).getByLabelText(/From Date/)).toHaveValue('2026-11-01'));
      expect(within(dialog).getByLabelText(/To Date/)).toHaveValue('2026-11-30');
      expect(within(dialog).getByRole('button', { name: 'November 2026' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'November 2026 checks' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'October 2026' })).not.toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(
        within(dialog).getByText(/with the undistributed donations of “November 2026 checks”, “November 2026”\?/),
      ).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Build distributions' }));
      await waitFor(() =>
        expect(sent).toMatchObject({
          start_date: '2026-11-01',
          end_date: '2026-11-30',
          donation_upload_names: ['November 2026 checks', 'November 2026'],
        }),
      );
    },
  );
});
