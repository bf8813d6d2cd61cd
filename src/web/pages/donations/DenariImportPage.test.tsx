import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TProgress } from '../../../domain/progress/contract';
import { Guard } from '../../shell/guards';
import { AppProviders, type FakeApi, fakeApi, sessionUser, setTokenCookie } from '../../testing';
import { DenariImportPage } from './DenariImportPage';
import type { ImportPreview, ImportResult } from './types';

/**
 * Decision 18: while an import is processing, the page polls GET /progress/{id} and
 * shows "Importing n of N: <missionary>" on a determinate bar; then the finished or failed state.
 */
const userEvent = userEventLib.setup({ delay: null });
configure({ asyncUtilTimeout: 10_000 });

/** The one XMLHttpRequest the page sends at a time (uploads report their progress through it). */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: unknown) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  form: FormData | null = null;
  open() {}
  setRequestHeader() {}
  send(form: FormData) {
    this.form = form;
    FakeXhr.sent.push(this);
  }
  /** The file has left the browser: the server is reading and writing it. */
  uploaded() {
    this.upload.onload?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const totals = (rows: number): ImportPreview['totals'] => ({
  by_missionary: [
    {
      user_id: 11,
      user_name: 'Ruth Okafor',
      missionary_number: 'M-11',
      rows,
      count: rows,
      donors: 3,
      general: rows * 10,
      designated: 0,
      total: rows * 10,
    },
  ],
  missionaries: 1,
  by_missionary_limit: 20,
  others: null,
  grand: {
    rows,
    matched_rows: rows,
    problem_rows: 0,
    count: rows,
    skipped_rows: 0,
    skipped_count: 0,
    skipped_total: 0,
    warning_rows: 0,
    donors: 3,
    file_total: rows * 10,
    matched_total: rows * 10,
  },
});

const ROWS = 12_000;
const preview: ImportPreview = {
  preview: true,
  upload_name: 'November 2026',
  file: 'gifts.csv',
  format: 'csv',
  encoding: 'utf-8',
  total_count: ROWS,
  can_import: true,
  file_errors: [],
  ignored_headers: [],
  rows_limit: 1000,
  matched: [],
  problems: [],
  skipped: [],
  warnings: [],
  columns: {
    headers: ['Account #', 'Amount'],
    sample: [],
    columns: [
      { header: 'Account #', role: 'accountNumber', source: 'name' },
      { header: 'Amount', role: 'amount', source: 'name' },
    ],
    unknown_headers: [],
    mapping_needed: false,
    mapping_id: null,
    amount_columns: ['Amount'],
    amount_column: 'Amount',
    amount_choice_needed: false,
    month: '2026-11',
  },
  totals: totals(ROWS),
};

const record = (over: Partial<TProgress>): TProgress => ({
  id: 'job',
  kind: 'donation-import',
  status: 'running',
  done: 0,
  total: 0,
  current: null,
  message: null,
  started_at: '2026-11-24T15:00:00.000Z',
  updated_at: '2026-11-24T15:00:01.000Z',
  ...over,
});

let server: FakeApi;
/** What GET /progress/{id} answers now, and the ids it was asked for. */
let progressNow: TProgress | null = null;
const polled: string[] = [];

beforeEach(() => {
  FakeXhr.sent = [];
  progressNow = null;
  polled.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  server = fakeApi();
  setTokenCookie('token-of-test');
  server.on('POST', '/token', () => ({ status: 200, body: sessionUser('admin') }));
  server.on('GET', '/donation/column-mappings', () => ({ status: 200, body: [] }));
  // The fake API matches whole paths; the progress id is read from the last call.
  const originalFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const match = /\/api\/progress\/([0-9a-f-]+)$/.exec(String(input));
    if (match) {
      polled.push(match[1]);
      const headers = { 'content-type': 'application/json' };
      return progressNow
        ? new Response(JSON.stringify({ ...progressNow, id: match[1] }), { status: 200, headers })
        : new Response(JSON.stringify({ message: 'Not found.' }), { status: 404, headers });
    }
    return originalFetch(input, init);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter(
    [{ element: <Guard />, children: [{ path: '/admin/denari-import', element: <DenariImportPage /> }] }],
    { initialEntries: ['/admin/denari-import'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** Name, file, Preview (answered), then Import: the import's request is left open. */
async function startImport(): Promise<FakeXhr> {
  renderPage();
  await userEvent.type(await screen.findByLabelText(/Upload Name/), 'November 2026');
  await userEvent.upload(screen.getByTestId('denari-file'), new File(['Account #,Amount\n'], 'gifts.csv'));
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  expect(FakeXhr.sent[0].form?.get('progress_id')).toBeNull();
  act(() => FakeXhr.sent[0].respond(200, preview));
  await userEvent.click(await screen.findByRole('button', { name: `Import ${ROWS} Donations` }));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
  const xhr = FakeXhr.sent[1];
  act(() => xhr.uploaded());
  return xhr;
}

describe('Denari Import progress', () => {
  it('shows n of N with the missionary being written while the import runs, then the finished state', async () => {
    const xhr = await startImport();
    const progressId = String(xhr.form?.get('progress_id'));
    expect(progressId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Before the server has read the file: indeterminate.
    expect(await screen.findByText('Reading and matching the rows…')).toBeInTheDocument();

    progressNow = record({ total: ROWS, done: 5_000, current: 'Ruth Okafor' });
    expect(await screen.findByText('Importing 5,000 of 12,000: Ruth Okafor')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Importing donations' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(polled.every((id) => id === progressId)).toBe(true);

    progressNow = record({ status: 'done', total: ROWS, done: ROWS, message: 'Import posted successfully.' });
    expect(await screen.findByText('Imported 12,000 of 12,000.')).toBeInTheDocument();
    const result: ImportResult = {
      id: 4,
      message: 'Import posted successfully.',
      file: 'gifts.csv',
      upload_name: 'November 2026',
      total_count: ROWS,
      total_amount: ROWS * 10,
      created_at: '2026-11-24T15:00:05.000Z',
      totals: totals(ROWS),
    };
    act(() => xhr.respond(201, result));
    expect(await screen.findByText(/12000 donations totalling/)).toBeInTheDocument();
    // The finished bar stays, and the page stops asking once the record says the import ended.
    expect(screen.getByRole('progressbar', { name: 'Importing donations' })).toHaveAttribute('aria-valuenow', '100');
    const polls = polled.length;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(polled.length).toBe(polls);
  });

  it('shows the failed state with the reason when the import is refused', async () => {
    const xhr = await startImport();
    progressNow = record({ total: ROWS, done: 10_000, current: 'Boaz Adeyemi' });
    expect(await screen.findByText('Importing 10,000 of 12,000: Boaz Adeyemi')).toBeInTheDocument();
    const reason = 'This file was already imported on 11/02/2026 as "October 2026".';
    progressNow = record({ status: 'failed', total: ROWS, done: 0, message: reason });
    act(() => xhr.respond(409, { message: reason, errors: {} }));
    expect(await screen.findByText(`The import failed: ${reason}`)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Importing donations' })).not.toBeInTheDocument();
  });
});
