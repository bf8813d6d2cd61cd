import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { IsoDate } from '../../domain/dates';
import type { DistributionContext } from '../../domain/distributions/context';
import type { OwedReport } from '../../domain/distributions/postings';
import type { Settings } from '../../domain/settings/settings';
import type { DbOrTx } from '../db/client';
import { executeNamed, rowsOfResult } from '../db/query-rows';
import { distributions } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';
import { assemble, type LoadedLists, parseJson } from './context-rows';
import type { DistributionRow } from './figures';

/**
 * Loads distribution contexts (src/domain/distributions/context.ts) for many users at once, in ONE
 * set-based statement whatever the number of users: users with profiles, hold accounts,
 * donations, reports, their hold-account charges, advances, previous approved distributions and
 * the settings, each as a JSON list. POST /batch-distributions loads all missionaries this way; the
 * single-user routes call it with one user.
 *
 * Which rows count (docs/distribution.md "API and approval"):
 * - `new` (a new distribution, or editing pending ones): rows not referenced by any distribution,
 *   plus those referenced by the distribution being edited; reimbursement reports submitted and
 *   unprocessed, dated on or before the end date; advances requested, or approved and unpaid
 *   whatever their report's state (decision 14, docs/decisions.md), due on or before the end date; every
 *   donation of the uploads.
 * - `approve`: exactly the rows the saved distribution references (what staff reviewed), with the
 *   current balances, locking the user's hold accounts, user and profile rows in that order.
 */

export interface ContextRequest {
  userId: number;
  /** The saved distribution being edited or approved (its references count as its own). */
  distributionId: number | null;
}

export interface ContextRange {
  startDate: IsoDate;
  endDate: IsoDate;
  /** The uploads whose undistributed donations it takes (none: no donations). */
  donationUploadNames: readonly string[];
}

export type ContextMode = 'new' | 'approve';

export type LoadedContext = Omit<DistributionContext, 'distribution'>;

interface LoadSpec {
  mode: ContextMode;
  lock: boolean;
  /** SQL int[] expressions: the users, and the distributions whose references count as their own. */
  users: SQL;
  distributions: SQL;
  /** For `new`: rows due after the end date wait; the upload's donations. */
  range: ContextRange | null;
  /** The start of the range, for the previous approved distribution. */
  startDate: SQL;
  /** The MAT date (end of the range): its calendar year's wage base and housing designation. */
  endDate: SQL;
  /** Approval: the distribution row is locked in the same statement, first. */
  claim: { id: number } | null;
}

/**
 * Approval: the user's processed reports with an unpaid part, other than the distribution's own, as
 * the paydown (src/domain/distributions/postings.ts) takes them. The approval's second statement
 * checks that this set is unchanged when it writes (approve.ts), so a report processed by a racer
 * while this statement waited for its locks cannot be missed.
 */
const OWED_REPORTS = sql`select coalesce(json_agg(json_build_object('id', r.id,
    'date', to_char(coalesce(r.start_date, r.date_submitted, r.created_at::date), 'YYYY-MM-DD'),
    'unreimbursed', r.unreimbursed_amount::text)), '[]')
  from expense_reports r, claimed c
  where r.user_id = c.user_id and r.processed and r.unreimbursed_amount > 0 and r.distribution_id is distinct from c.id`;

/**
 * Each user's year so far (src/domain/distributions/payroll-year.ts): the MAT date's calendar
 * year, its wage base, the user's designation for it, and what the year's other approved
 * distributions (reversed ones have another status) hold in Social Security wages and excluded
 * housing allowance. The distribution being edited or approved is left out, so the limits hold
 * whatever order months are approved in.
 */
function yearToDateList(spec: LoadSpec): SQL {
  return sql`select coalesce(json_agg(json_build_object('user_id', u.id, 'year', y.year,
      'wage_base', t.social_security_wage_base::text, 'ss_wages', s.ss_wages::text,
      'housing_excluded', s.housing_excluded::text, 'designation_amount', h.amount::text,
      'designation_on', to_char(h.approved_on, 'YYYY-MM-DD'))), '[]')
    from unnest(${spec.users}) as u(id)
    cross join (select extract(year from ${spec.endDate})::int as year) y
    left join tax_years t on t.year = y.year
    left join housing_allowance_designations h on h.user_id = u.id and h.year = y.year
    cross join lateral (select coalesce(sum(d.social_security_wages), 0) as ss_wages,
        coalesce(sum(d.housing_allowance_excluded), 0) as housing_excluded
      from distributions d where d.user_id = u.id and d.status = 'approved'
        and d.end_date >= make_date(y.year, 1, 1) and d.end_date <= make_date(y.year, 12, 31)
        and not (d.id = any(${spec.distributions}))) s`;
}

/**
 * The one statement that loads contexts, as JSON lists (money as exact text, dates as
 * YYYY-MM-DD). With `lock`, the hold accounts are locked first, then the user and profile rows (the
 * InitPlan on `accounts` runs before `people` locks anything) — the order every balance writer
 * takes them in; with `claim`, the distribution row before both. FOR NO KEY UPDATE: a mail queued
 * for the user meanwhile only needs KEY SHARE on the user row (docs/security.md "Lock order and
 * retries").
 */
async function runLoad(db: DbOrTx, spec: LoadSpec): Promise<LoadedLists> {
  const { mode, range } = spec;
  const lock = spec.lock ? sql`for no key update` : sql``;
  const unreferenced = (column: string) =>
    mode === 'approve'
      ? sql`${sql.raw(column)} = any(${spec.distributions})`
      : sql`(${sql.raw(column)} is null or ${sql.raw(column)} = any(${spec.distributions}))`;
  const due = (expression: string) =>
    mode === 'new' && range ? sql`and ${sql.raw(expression)} <= ${range.endDate}::date` : sql``;
  const reportWhere = sql`r.user_id = any(${spec.users}) and r.type = 'reimbursement' and r.submitted
    and not r.processed and ${unreferenced('r.distribution_id')}
    ${due('coalesce(r.date_submitted, r.end_date, r.start_date, r.created_at::date)')}`;
  const donationWhere =
    mode === 'new'
      ? !range || range.donationUploadNames.length === 0
        ? sql`false`
        : sql`d.user_id = any(${spec.users}) and d.upload_name = any(${sql.param([...range.donationUploadNames])}::text[])
            and ${unreferenced('d.distribution_id')}`
      : sql`d.user_id = any(${spec.users}) and ${unreferenced('d.distribution_id')}`;
  const claim = spec.claim
    ? sql`claimed as (select * from distributions where id = ${spec.claim.id} for no key update),`
    : sql``;
  const statement = sql`
    with ${claim}
    accounts as (
      select h.id, h.user_id, h.fund_name, h.balance::text as balance, h.unreimbursed_amount::text as unreimbursed_amount,
        h.mat_day_recurring_deposit::text as deposit, h.mat_day_recurring_transfer::text as transfer,
        h.mat_day_recurring_withdrawal::text as withdrawal, h.archived_at is not null as archived
      from hold_accounts h where h.user_id = any(${spec.users}) order by h.id ${lock}
    ),
    people as (
      select u.id, u.name, u.email, u.role, u.missionary_number, p.tax_status, coalesce(p.fica_tax, false) as fica_tax,
        coalesce(p.minister, false) as minister,
        p.net_salary::text as net_salary, p.housing_allowance::text as housing_allowance,
        p.retirement_amount::text as retirement_amount, p.federal_income_tax::text as federal_income_tax,
        p.wire_fee::text as wire_fee, p.insurance_amount::text as insurance_amount,
        p.social_security::text as social_security, p.medicare::text as medicare,
        p.admin_fee_percentage::text as admin_fee_percentage, p.admin_fee_cap::text as admin_fee_cap,
        p.fund_balance::text as fund_balance, p.unreimbursed_amount::text as unreimbursed_amount
      from users u ${spec.lock ? sql`join` : sql`left join`} profiles p on p.user_id = u.id
      where u.id = any(${spec.users}) and (select count(*) from accounts) >= 0
      ${spec.lock ? sql`for no key update of u, p` : sql``}
    )
    select
      ${spec.claim ? sql`(select row_to_json(c) from claimed c) as claimed,` : sql``}
      (select coalesce(json_agg(to_json(a) order by a.id), '[]') from accounts a) as accounts,
      (select coalesce(json_agg(to_json(pe) order by pe.id), '[]') from people pe) as people,
      (select coalesce(json_agg(json_build_object('id', d.id, 'user_id', d.user_id, 'amount', d.amount::text,
          'hold_account_id', d.hold_account_id, 'fund_name', d.fund_name, 'approved', d.approved) order by d.id), '[]')
        from donations d where ${donationWhere}) as donations,
      (select coalesce(json_agg(json_build_object('id', r.id, 'user_id', r.user_id,
          'date', to_char(coalesce(r.start_date, r.date_submitted, r.created_at::date), 'YYYY-MM-DD'),
          'date_submitted', to_char(r.date_submitted, 'YYYY-MM-DD'), 'total_amount', r.total_amount::text)
          order by coalesce(r.start_date, r.date_submitted, r.created_at::date), r.id), '[]')
        from expense_reports r where ${reportWhere}) as reports,
      (select coalesce(json_agg(json_build_object('id', e.id, 'report_id', e.expense_report_id,
          'hold_account_id', e.hold_account_id, 'amount', e.usd_amount::text) order by e.id), '[]')
        from expenses e where e.hold_account_id is not null
          and e.expense_report_id in (select r.id from expense_reports r where ${reportWhere})) as charges,
      (select coalesce(json_agg(json_build_object('id', a.id, 'user_id', a.user_id, 'status', a.status,
          'amount_requested', a.amount_requested::text, 'amount_approved', a.amount_approved::text,
          'date_submitted', to_char(a.date_submitted, 'YYYY-MM-DD'), 'mat_date', to_char(a.mat_date, 'YYYY-MM-DD'))
          order by a.id), '[]')
        from advance_requests a
        where a.user_id = any(${spec.users}) and a.archived_at is null
          and (a.status = 'requested' or (a.approved and a.amount_approved is not null))
          and a.dist_amount_approved is null and ${unreferenced('a.distribution_id')}
          ${due('coalesce(a.mat_date, a.date_submitted, a.created_at::date)')}
      ) as advances,
      (select coalesce(json_agg(json_build_object('id', p.id, 'user_id', p.user_id,
          'total_donations', p.total_donations::text, 'unreimbursed_amount_ending', p.unreimbursed_amount_ending::text)), '[]')
        from (select distinct on (user_id) id, user_id, total_donations, unreimbursed_amount_ending from distributions
              where user_id = any(${spec.users}) and status = 'approved' and end_date < ${spec.startDate}
              order by user_id, end_date desc, id desc) p) as previous,
      (${yearToDateList(spec)}) as year_to_date,
      ${spec.claim ? sql`(${OWED_REPORTS}) as owed,` : sql``}
      (select coalesce(json_object_agg(setting_name, setting_value), '{}') from settings) as settings`;
  const loaded = spec.claim
    ? await executeNamed(db, 'sheepfold_approve_claim', statement)
    : await db.execute(statement);
  // The lists are json_agg of this very statement, so only their presence is checked here (parsing
  // every row of a MAT Day with zod would cost more than the statement); the readers below coerce.
  const [lists] = rowsOfResult(
    loaded,
    z.custom<LoadedLists>((value) => typeof value === 'object' && value !== null && 'accounts' in value),
  );
  return lists;
}

/**
 * The contexts of the given users for one range and upload, keyed by user id, in one statement
 * whatever the number of users. Users that do not exist are missing from the map.
 */
export async function loadContexts(
  db: DbOrTx,
  requests: readonly ContextRequest[],
  range: ContextRange,
  options: { mode: ContextMode; settings?: Settings },
): Promise<Map<number, LoadedContext>> {
  if (requests.length === 0) return new Map();
  const userIds = [...new Set(requests.map((request) => request.userId))];
  const distributionIds = requests.map((request) => request.distributionId).filter((id): id is number => id !== null);
  const lists = await runLoad(db, {
    mode: options.mode,
    lock: false,
    users: sql`${sql.param(userIds)}::int[]`,
    distributions: sql`${sql.param(distributionIds)}::int[]`,
    range,
    startDate: sql`${range.startDate}::date`,
    endDate: sql`${range.endDate}::date`,
    claim: null,
  });
  return assemble(lists, range, options.settings);
}

/**
 * Approval's first statement: locks the distribution row (SELECT … FOR NO KEY UPDATE) and loads its
 * context — exactly what it references, with the current balances — locking the distribution,
 * then the user's hold accounts, then the user and profile rows. Null when there is no such
 * distribution. The caller checks the status it finds: of two admins approving at once, the second
 * waits on the row lock and then reads the row the first one committed, approved.
 */
export async function lockForApproval(
  tx: DbOrTx,
  id: number,
): Promise<{ row: DistributionRow; context: LoadedContext | null; owed: OwedReport[] } | null> {
  const lists = await runLoad(tx, {
    mode: 'approve',
    lock: true,
    users: sql`array(select user_id from claimed)`,
    distributions: sql`array(select id from claimed)`,
    range: null,
    startDate: sql`(select start_date from claimed)`,
    endDate: sql`(select end_date from claimed)`,
    claim: { id },
  });
  const claimed = parseJson<Record<string, unknown> | null>(lists.claimed ?? null);
  if (!claimed) return null;
  const row = distributionRowOf(claimed);
  const range = { startDate: row.startDate, endDate: row.endDate, donationUploadNames: row.donationUploadNames };
  const owed = parseJson<NonNullable<LoadedLists['owed']>>(lists.owed ?? []).map(
    (report): OwedReport => ({
      id: report.id,
      date: report.date,
      unreimbursed: centsFromDatabase(report.unreimbursed),
    }),
  );
  return { row, context: assemble(lists, range, undefined).get(row.userId) ?? null, owed };
}

/** A `distributions` row from its row_to_json form, through each column's own driver mapping. */
function distributionRowOf(json: Record<string, unknown>): DistributionRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(distributions))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as DistributionRow;
}
