import { configure, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { TSupport } from '../../../domain/support/contract';
import { type FakeApi, renderGuarded, signedInApi, signOutApi } from '../../testing';
import { MySupportPage } from './MySupportPage';

const userEvent = userEventLib.setup({ delay: null });
// A shared 2-core machine: give the fake API and MUI's transitions time.
configure({ asyncUtilTimeout: 10_000 });
const SLOW = { timeout: 60_000 };

/** 24 months from 2024-12 to 2026-11, $100 general a month and $20 designated in the last one. */
function months(): TSupport['months'] {
  return Array.from({ length: 24 }, (_, index) => {
    const month = `${2024 + Math.floor((index + 11) / 12)}-${String(((index + 11) % 12) + 1).padStart(2, '0')}`;
    const last = index === 23;
    return {
      month,
      total: last ? 120 : 100,
      general: 100,
      designated: last ? 20 : 0,
      givers: last ? 2 : 1,
      new_givers: last ? 1 : 0,
      stopped_givers: 0,
    };
  });
}

/** A whole answer of the contract: names shown or not. */
function support(userId: number, namesShown: boolean): TSupport {
  const name = (text: string) => (namesShown ? text : null);
  return {
    user_id: userId,
    names_shown: namesShown,
    months: months(),
    // 23 × $100 + $120 = $2,420, of which $20 designated.
    total: 2420,
    general: 2400,
    designated: 20,
    new_givers: [
      {
        name: name('Ada Abara'),
        total: 20,
        gifts: 1,
        first_gift_date: '2026-11-03',
        last_gift_date: '2026-11-03',
        amount_this_month: 20,
      },
    ],
    stopped_givers: [
      {
        name: name('Grace Mills'),
        total: 200,
        gifts: 4,
        first_gift_date: '2026-03-15',
        last_gift_date: '2026-09-15',
        months_given: 4,
      },
    ],
    givers: namesShown
      ? [
          {
            name: 'Samuel Chen',
            total: 2400,
            gifts: 24,
            first_gift_date: '2024-12-01',
            last_gift_date: '2026-11-01',
          },
        ]
      : [],
  };
}

function serve(role: 'missionary' | 'employee', me: number, answer: TSupport): FakeApi {
  const server = signedInApi(role, me);
  server.on('GET', `/user/${answer.user_id}/support`, () => ({ status: 200, body: answer }));
  server.on('POST', '/download-token', () => ({ status: 200, body: { download_token: 'dl-1', expires_in: 60 } }));
  server.on('GET', `/user/${answer.user_id}/support/donors.csv`, () => ({ status: 200, body: 'Donor\r\n' }));
  return server;
}

const renderAt = (path: string) =>
  renderGuarded(
    [
      { path: '/support/:user_id', element: <MySupportPage /> },
      { path: '/admin/user/:id/profile', element: <p>the profile</p> },
    ],
    path,
  );

let saved: string[];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:givers');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  signOutApi();
  vi.restoreAllMocks();
});

describe('MySupportPage (decision 36, docs/decisions.md)', () => {
  it('shows a missionary counts and amounts, with no names and no CSV, while the setting is off', SLOW, async () => {
    serve('missionary', 7, support(7, false));
    renderAt('/support/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Support' })).toBeInTheDocument();
    expect(await screen.findByText('$2,420.00')).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: /^Giving per month from Dec 2024 to Nov 2026\. This month \$120\.00 from 2 givers\./,
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'New givers this month' })).getByText('A new giver'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Givers who stopped' })).getByText('A regular giver'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/shows donor names to its missionaries only when an administrator turns that on/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download givers (CSV)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to profile' })).not.toBeInTheDocument();
  });

  it('lists the months newest first, all 24 on one page', SLOW, async () => {
    serve('missionary', 7, support(7, false));
    renderAt('/support/7');
    const table = await screen.findByRole('table');
    const rows = await within(table).findAllByRole('row');
    // The heading row and the 24 months.
    expect(rows).toHaveLength(25);
    expect(rows[1]).toHaveTextContent('Nov 2026$120.00$100.00$20.00210');
    expect(rows[24]).toHaveTextContent('Dec 2024');
  });

  it('names the givers and downloads the thank-you CSV once the office shows names', SLOW, async () => {
    const server = serve('missionary', 7, support(7, true));
    renderAt('/support/7');
    expect(await screen.findByText('Ada Abara')).toBeInTheDocument();
    expect(screen.getByText('Grace Mills')).toBeInTheDocument();
    expect(screen.queryByText(/shows donor names to its missionaries only when/)).not.toBeInTheDocument();
    expect(screen.getByText('1 giver in the last 24 months, with their totals and last gift.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download givers (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['givers.csv']));
    // A single-use download token first, then the contract's path with it.
    expect(server.calls).toContain('POST /api/download-token');
    expect(server.calls).toContain('GET /api/user/7/support/donors.csv');
  });

  it('gives staff the missionary’s page titled Support, with the way back to the profile', SLOW, async () => {
    serve('employee', 2, support(9, true));
    renderAt('/support/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to profile' })).toHaveAttribute('href', '/admin/user/9/profile');
    // Staff read the names whatever the setting; the "only when" sentence is the missionary's.
    expect(await screen.findByText('Ada Abara')).toBeInTheDocument();
    expect(screen.queryByText(/shows donor names to its missionaries only when/)).not.toBeInTheDocument();
  });
});
