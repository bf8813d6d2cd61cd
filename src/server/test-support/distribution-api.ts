import { asc, eq } from 'drizzle-orm';
import { allFlagsReviewed } from '../../domain/distributions/review';
import type { TransactionType } from '../../domain/distributions/types';
import { donations } from '../db/schema';
import type { SignedIn, TestApp } from './harness';

/**
 * Distributions for the report and statement tests made the way staff make them: payroll info,
 * hold accounts, the donor-file import, the missionary's own expense reports and advance requests
 * through their API routes, then POST /api/distribution and POST /api/batch-approve.
 * Amounts are dollar strings.
 */

export interface ApiSpec {
  user: SignedIn;
  startDate: string;
  endDate: string;
  status?: 'approved' | 'pending';
  /** Payroll Info fields as the user form sends them (net_salary, fund_balance, …). */
  profile?: Record<string, string | number>;
  /** An earlier report processed with nothing paid: the user's starting unreimbursed amount. */
  owed?: { amount: string; date: string };
  /** Hold accounts to create (names must be unique among active accounts). */
  holdAccounts?: Array<{ fundName: string; balance?: string; recurringDeposit?: string }>;
  /** One donor-file upload: general rows by the user's number, designated rows by fund name. */
  donations?: Array<{ amount: string; fund?: string; gifts?: number; approve?: boolean }>;
  transactions?: Array<{ fund: string; type: TransactionType; amount: string; recurring?: boolean }>;
  reports?: Array<{
    expenses: Array<{ date: string; amount: string; fund?: string; description?: string }>;
    mileage?: Array<{ date: string; distance: string }>;
  }>;
  advances?: string[];
  manual?: { reimbursement?: string; advance?: string; midMonth?: string };
  comments?: string;
}

export interface ApiSeeded {
  id: number;
  /** The distribution as GET /api/distribution/{id} returns it. */
  distribution: Record<string, any>;
  funds: Record<string, number>;
  donationIds: number[];
  reportIds: number[];
  advanceIds: number[];
}

async function ok<T = any>(promise: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const result = await promise;
  if (result.status < 200 || result.status >= 300) {
    throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body;
}

const categoriesByApp = new WeakMap<TestApp, Promise<{ expense: number; mileage: number }>>();

function categories(t: TestApp, admin: SignedIn) {
  let found = categoriesByApp.get(t);
  if (!found) {
    found = (async () => {
      const existing = await ok(t.call('GET', '/api/categories', { token: admin.token }), 'categories');
      const named = async (name: string, description: string, kind: 'expense' | 'mileage') => {
        const match = (existing as Array<{ id: number; expense_category: string }>).find(
          (c) => c.expense_category === name,
        );
        if (match) return match.id;
        const created = await ok(
          t.call('POST', '/api/categories', {
            token: admin.token,
            form: { expense_category: name, description, [kind]: 1 },
          }),
          `category ${name}`,
        );
        return created.id as number;
      };
      return {
        expense: await named('Lodging', 'Hotels and guest houses', 'expense'),
        mileage: await named('Ministry travel', 'Driving for the ministry', 'mileage'),
      };
    })();
    categoriesByApp.set(t, found);
  }
  return found;
}

let uploads = 0;

/**
 * Runs with the harness clock on the distribution's end date (noon UTC), as on that MAT day: reports
 * are submitted, advances requested and the distribution approved then.
 */
export async function createDistributionViaApi(t: TestApp, admin: SignedIn, spec: ApiSpec): Promise<ApiSeeded> {
  const before = t.clock.now();
  t.clock.set(new Date(`${spec.endDate}T12:00:00Z`));
  try {
    return await create(t, admin, spec);
  } finally {
    t.clock.set(before);
  }
}

async function create(t: TestApp, admin: SignedIn, spec: ApiSpec): Promise<ApiSeeded> {
  const user = spec.user;
  const kinds = await categories(t, admin);
  if (spec.profile) {
    await ok(t.call('POST', `/api/user/${user.id}`, { token: admin.token, json: spec.profile }), 'payroll info');
  }
  if (spec.owed) {
    const owed = { date: spec.owed.date, amount: spec.owed.amount, description: 'Earlier report' };
    const id = await submittedReport(t, user, kinds, {}, { expenses: [owed] });
    await ok(
      t.call('PATCH', `/api/process-expense-report/${id}`, { token: admin.token, form: { payout: '0' } }),
      'process owed report',
    );
  }
  const funds = await createHoldAccounts(t, admin, user, spec.holdAccounts ?? []);
  const { uploadName, donationIds } = await importDonations(t, admin, spec);
  const reportIds: number[] = [];
  for (const r of spec.reports ?? []) reportIds.push(await submittedReport(t, user, kinds, funds, r));
  const advanceIds: number[] = [];
  for (const amount of spec.advances ?? []) {
    const created = await ok(
      t.call('POST', '/api/advance-request', {
        token: user.token,
        form: { amount_requested: amount, status: 'requested', user_id: user.id, confirm_duplicate: 1 },
      }),
      'advance request',
    );
    advanceIds.push(created.id);
  }

  const created = await ok(
    t.call('POST', '/api/distribution', {
      token: admin.token,
      json: {
        user_id: user.id,
        start_date: spec.startDate,
        end_date: spec.endDate,
        donation_upload_name: donationIds.length > 0 ? uploadName : undefined,
        approved_donation_ids: donationIds.filter((_, i) => spec.donations?.[i].approve),
        hold_account_transactions: (spec.transactions ?? []).map((row) => ({
          hold_account_id: funds[row.fund],
          transaction_type: row.type,
          transaction_amount: row.amount,
          approved: 1,
          recurring: row.recurring ? 1 : 0,
        })),
        advance_requests: advanceIds.map((id) => ({ id })),
        manual_ministry_reimbursement: spec.manual?.reimbursement ?? '0',
        manual_ministry_advance: spec.manual?.advance ?? '0',
        mid_month_disbursement: spec.manual?.midMonth ?? '0',
        comments: spec.comments,
      },
    }),
    'distribution',
  );
  if ((spec.status ?? 'approved') === 'approved') {
    await ok(
      // The test's office has looked at any review flag; flag checks have their own tests.
      t.call('POST', '/api/batch-approve', {
        token: admin.token,
        json: { distribution_ids: [created.id], reviewed: allFlagsReviewed([created]) },
      }),
      'approve',
    );
  }
  const distribution = await ok(t.call('GET', `/api/distribution/${created.id}`, { token: admin.token }), 'read back');
  return { id: created.id, distribution, funds, donationIds, reportIds, advanceIds };
}

/** A reimbursement report of the user's with these expenses and trips, submitted; its id. */
async function submittedReport(
  t: TestApp,
  user: SignedIn,
  kinds: { expense: number; mileage: number },
  funds: Record<string, number>,
  spec: NonNullable<ApiSpec['reports']>[number],
): Promise<number> {
  const trips = spec.mileage ?? [];
  const created = await ok(
    t.call('POST', '/api/expense-report', {
      token: user.token,
      form: { type: 'reimbursement', distance_type: trips.length > 0 ? 'mi' : 'none', user_id: user.id },
    }),
    'report',
  );
  for (const expense of spec.expenses) {
    await ok(
      t.call('POST', '/api/expense', {
        token: user.token,
        form: {
          date: expense.date,
          field_currency: expense.amount,
          exchange_rate: '1',
          expense_code: kinds.expense,
          expense_report_id: created.id,
          ...(expense.description !== undefined && { description: expense.description }),
          ...(expense.fund !== undefined && { hold_account_id: funds[expense.fund] }),
        },
      }),
      'expense',
    );
  }
  for (const trip of trips) {
    await ok(
      t.call('POST', '/api/mileage', {
        token: user.token,
        form: { date: trip.date, total_distance: trip.distance, type: kinds.mileage, expense_report_id: created.id },
      }),
      'mileage',
    );
  }
  await ok(t.call('PATCH', `/api/submit/expense-report/${created.id}`, { token: user.token }), 'submit');
  return created.id as number;
}

/** The worked example's hold accounts, with their recurring deposits; fund name → id. */
async function createHoldAccounts(
  t: TestApp,
  admin: SignedIn,
  user: SignedIn,
  accounts: NonNullable<ApiSpec['holdAccounts']>,
): Promise<Record<string, number>> {
  const funds: Record<string, number> = {};
  for (const account of accounts) {
    const created = await ok(
      t.call('POST', '/api/hold-account', {
        token: admin.token,
        json: { user_id: user.id, fund_name: account.fundName, balance: account.balance ?? '0' },
      }),
      'hold account',
    );
    funds[account.fundName] = created.id;
    if (account.recurringDeposit) {
      await ok(
        t.call('PATCH', `/api/hold-account/${created.id}`, {
          token: admin.token,
          json: { mat_day_recurring_deposit: account.recurringDeposit },
        }),
        'recurring deposit',
      );
    }
  }
  return funds;
}

/** The spec's donations as one donor-file upload (a name of its own); the stored rows' ids in file order. */
async function importDonations(
  t: TestApp,
  admin: SignedIn,
  spec: ApiSpec,
): Promise<{ uploadName: string; donationIds: number[] }> {
  uploads += 1;
  const uploadName = `Upload ${spec.endDate} ${process.pid}-${uploads}`;
  if ((spec.donations ?? []).length === 0) return { uploadName, donationIds: [] };
  const owner = await ok(t.call('GET', `/api/user/${spec.user.id}`, { token: admin.token }), 'user');
  const rows = (spec.donations ?? []).map(
    (d) => `${d.fund ?? ''},${d.fund ? '' : owner.missionary_number},${d.amount},${d.gifts ?? 1}`,
  );
  const imported = await ok(
    t.call('POST', '/api/donation/denari-upload', {
      token: admin.token,
      multipart: {
        upload_name: uploadName,
        denari: { content: Buffer.from(['Fund,Account #,Amount,Count', ...rows].join('\n')), filename: 'upload.csv' },
      },
    }),
    'donation import',
  );
  const stored = await t.ctx.db
    .select({ id: donations.id })
    .from(donations)
    .where(eq(donations.uploadName, imported.upload_name))
    .orderBy(asc(donations.id));
  return { uploadName, donationIds: stored.map((row) => row.id) };
}

/** docs/distribution.md's worked example ("Ruth, May 2024") through the API, for `user`. */
export function workedExampleApiSpec(user: SignedIn, overrides: Partial<ApiSpec> = {}): ApiSpec {
  const fund = `Vehicle Fund ${user.id}`;
  return {
    user,
    startDate: '2024-05-01',
    endDate: '2024-05-31',
    profile: {
      tax_status: 'W2',
      fica_tax: 1,
      net_salary: '2000.00',
      housing_allowance: '800.00',
      retirement_amount: '150.00',
      federal_income_tax: '120.00',
      wire_fee: '25.00',
      insurance_amount: '310.00',
      fund_balance: '1250.00',
    },
    owed: { amount: '140.00', date: '2024-03-15' },
    holdAccounts: [{ fundName: fund, balance: '400.00', recurringDeposit: '100.00' }],
    donations: [
      { amount: '3000.00', gifts: 3 },
      { amount: '1200.00', gifts: 2 },
      { amount: '250.00', fund, approve: true },
    ],
    transactions: [
      { fund, type: 'Deposit', amount: '100.00', recurring: true },
      { fund, type: 'Withdrawal', amount: '600.00' },
    ],
    reports: [
      {
        expenses: [
          { date: '2024-05-03', amount: '785.40', description: 'Guest house' },
          { date: '2024-05-04', amount: '180.00', fund, description: 'Tyres' },
        ],
      },
    ],
    advances: ['300.00'],
    comments: 'May MAT Day',
    ...overrides,
  };
}
