import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders, sessionUser, setTokenCookie } from '../../testing';
import { JournalExportCard } from './JournalExportCard';

const PREVIEW = {
  format: 'qbo',
  from: '2025-02-01',
  to: '2025-02-28',
  header: [['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description', 'Name', 'Class']],
  rows: [
    ['MAT-7', '02/28/2025', '2600 Missionary Funds', '1800.00', '', 'MAT Day', 'Hannah', 'Hannah (M-1)'],
    ['MAT-7', '02/28/2025', '1000 Operating Cash', '', '1800.00', 'MAT Day', 'Hannah', 'Hannah (M-1)'],
  ],
  entries_shown: 1,
  entry_count: 3,
  line_count: 9,
  files: 1,
  totals: [
    { kind: 'missionary_funds', number: '2600', name: 'Missionary Funds', debit: 1800, credit: 0 },
    { kind: 'bank_clearing', number: '1000', name: 'Operating Cash', debit: 0, credit: 1800 },
  ],
  total_debit: 1800,
  total_credit: 1800,
  unmapped: ['retirement', 'advances'],
  dimension: 'Class',
};

function fakeServer() {
  const urls: string[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      urls.push(String(input));
      if (String(input) === '/api/token') return json(sessionUser('admin'));
      if (String(input).startsWith('/api/download-token')) return json({ download_token: 'dl-1', expires_in: 60 });
      if (String(input).startsWith('/api/reports/journal/preview')) return json(PREVIEW);
      return new Response('JournalNo\r\n', {
        status: 200,
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="journal_qbo.csv"' },
      });
    }),
  );
  return urls;
}

let clicked: string[];
beforeEach(() => {
  clicked = [];
  setTokenCookie('token-of-test');
  URL.createObjectURL = vi.fn(() => 'blob:journal');
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
vi.setConfig({ testTimeout: 20_000 });

describe('JournalExportCard', () => {
  it('previews the chosen layout, its totals and unmapped kinds, then downloads it', async () => {
    const urls = fakeServer();
    render(
      <AppProviders>
        <MemoryRouter>
          <JournalExportCard />
        </MemoryRouter>
      </AppProviders>,
    );
    fireEvent.change(screen.getByLabelText('Dated From'), { target: { value: '2025-02-01' } });
    fireEvent.change(screen.getByLabelText('Dated To'), { target: { value: '2025-02-28' } });
    const rows = await screen.findByRole('table', { name: 'First 1 entry of the file' });
    expect(within(rows).getAllByText('MAT-7')).toHaveLength(2);
    const totals = screen.getByRole('table', { name: 'Totals per account' });
    expect(within(totals).getByText('2600 Missionary Funds')).toBeInTheDocument();
    expect(within(totals).getAllByText('$1,800.00')).toHaveLength(4);
    expect(screen.getByText(/Not mapped: Retirement, Advances/)).toBeInTheDocument();
    expect(screen.getByText(/3 entries \(9 lines\)/)).toBeInTheDocument();
    expect(urls.some((url) => url.includes('preview?format=qbo&from=2025-02-01&to=2025-02-28'))).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Download QuickBooks Online' }));
    await vi.waitFor(() => expect(clicked).toEqual(['journal_qbo.csv']));
    expect(urls).toContain('/api/reports/journal?format=qbo&from=2025-02-01&to=2025-02-28&download_token=dl-1');
  });

  it('says why a range cannot be previewed', async () => {
    fakeServer();
    render(
      <AppProviders>
        <MemoryRouter>
          <JournalExportCard />
        </MemoryRouter>
      </AppProviders>,
    );
    fireEvent.change(screen.getByLabelText('Dated From'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('Dated To'), { target: { value: '2025-02-28' } });
    expect(await screen.findByText('Dated To must be on or after Dated From.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Download/ })).toBeDisabled();
  });
});
