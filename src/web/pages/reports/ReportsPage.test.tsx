import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders, sessionUser, setTokenCookie } from '../../testing';
import { ReportsPage } from './ReportsPage';

/** The journal card's preview of a range with nothing in it. */
const EMPTY_PREVIEW = {
  format: 'qbo',
  from: '2025-02-01',
  to: '2025-02-28',
  header: [['JournalNo', 'JournalDate']],
  rows: [],
  entries_shown: 0,
  entry_count: 0,
  line_count: 0,
  files: 1,
  totals: [],
  total_debit: 0,
  total_credit: 0,
  unmapped: [],
  dimension: 'Missionary',
};

/**
 * A fetch that answers downloads with a file and remembers the addresses asked for; each download
 * token it makes is `dl-1`, `dl-2`, …
 */
function fakeDownloads(status = 200) {
  const urls: string[] = [];
  let minted = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      urls.push(String(input));
      if (String(input).startsWith('/api/download-token')) {
        minted += 1;
        return new Response(JSON.stringify({ download_token: `dl-${minted}`, expires_in: 60 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (String(input).startsWith('/api/token')) {
        return new Response(JSON.stringify(sessionUser('admin')), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (String(input).startsWith('/api/reports/mat-dates')) {
        const approved = String(input).includes('status=approved');
        const data = approved
          ? [
              { mat_date: '2025-02-28', count: 3 },
              { mat_date: '2025-01-31', count: 2 },
            ]
          : [];
        return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      if (String(input).startsWith('/api/reports/journal/preview')) {
        return new Response(JSON.stringify(EMPTY_PREVIEW), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (status !== 200) {
        const message = 'MAT Processing Date is required.';
        return new Response(JSON.stringify({ message, errors: { mat_to_date: [message] } }), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }
      const name = String(input).includes('journal') ? 'accounting-journal_2025-02-28_pending.xlsx' : 'report.csv';
      return new Response('a,b\r\n1,2\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${name}"` },
      });
    }),
  );
  return urls;
}

function renderPage() {
  render(
    <AppProviders>
      <MemoryRouter>
        <ReportsPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

let clicked: string[];
beforeEach(() => {
  clicked = [];
  setTokenCookie('token-of-test');
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setTokenCookie(null);
});

const downloads = () => screen.getAllByRole('button', { name: 'Download' });

// MUI renders slowly in jsdom on a shared machine.
vi.setConfig({ testTimeout: 20_000 });

describe('ReportsPage (docs/product.md §2.3, §5)', () => {
  it('keeps the expense report download disabled until both dates are set, in order', async () => {
    const urls = fakeDownloads();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Missionary Expense Reports' })).toBeInTheDocument();
    const [expenses] = downloads();
    expect(expenses).toBeDisabled();
    fireEvent.change(screen.getByLabelText('From Date'), { target: { value: '2025-02-01' } });
    expect(expenses).toBeDisabled();
    fireEvent.change(screen.getByLabelText('To Date'), { target: { value: '2025-01-31' } });
    expect(expenses).toBeDisabled();
    expect(screen.getByText('To Date must be on or after From Date.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('To Date'), { target: { value: '2025-02-28' } });
    expect(expenses).toBeEnabled();
    fireEvent.click(screen.getAllByLabelText('Excel (.xlsx)')[0]);
    fireEvent.click(expenses);
    await waitFor(() => expect(clicked).toEqual(['report.csv']));
    expect(urls.filter((url) => url.startsWith('/api/reports/field'))).toEqual([
      '/api/reports/field-worker-expenses?from=2025-02-01&to=2025-02-28&format=xlsx&download_token=dl-1',
    ]);
    expect(await screen.findByText('Downloaded report.csv')).toBeInTheDocument();
    // The session token never travels in an address.
    expect(urls.filter((url) => url.includes('api_token') || url.includes('token-of-test'))).toEqual([]);
  });

  it('needs the MAT processing date; the status starts at Approved', async () => {
    const urls = fakeDownloads();
    renderPage();
    const accounting = downloads()[1];
    const journal = screen.getByRole('button', { name: 'Download Journal' });
    expect(accounting).toBeDisabled();
    expect(journal).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Distribution Status' })).toHaveTextContent('Approved');
    fireEvent.change(screen.getByLabelText('MAT Processing Date'), { target: { value: '2025-02-28' } });
    expect(accounting).toBeEnabled();
    fireEvent.click(accounting);
    await waitFor(() => expect(clicked).toHaveLength(1));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Distribution Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    fireEvent.click(journal);
    await waitFor(() => expect(clicked).toEqual(['report.csv', 'accounting-journal_2025-02-28_pending.xlsx']));
    expect(urls.filter((url) => url.startsWith('/api/reports/accounting'))).toEqual([
      '/api/reports/accounting?mat_to_date=2025-02-28&status=approved&format=csv&download_token=dl-1',
      '/api/reports/accounting-journal?mat_to_date=2025-02-28&status=pending&format=csv&download_token=dl-2',
    ]);
  });

  it('offers the MAT dates that have distributions of the chosen status', async () => {
    const urls = fakeDownloads();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Use 01/31/2025 (2 distributions)' }));
    expect(screen.getByLabelText('MAT Processing Date')).toHaveValue('2025-01-31');
    fireEvent.click(downloads()[1]);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(urls).toContain(
      '/api/reports/accounting?mat_to_date=2025-01-31&status=approved&format=csv&download_token=dl-1',
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Distribution Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    expect(await screen.findByText('There are no pending distributions yet.')).toBeInTheDocument();
  });

  it('shows the server’s message when a download is refused', async () => {
    fakeDownloads(422);
    renderPage();
    fireEvent.change(screen.getByLabelText('MAT Processing Date'), { target: { value: '2025-02-28' } });
    fireEvent.click(downloads()[1]);
    // Once in the toast and once under the field it is about.
    expect(await screen.findAllByText('MAT Processing Date is required.')).toHaveLength(2);
    expect(clicked).toEqual([]);
  });
});
