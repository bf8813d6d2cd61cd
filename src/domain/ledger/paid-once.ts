import { formatUSD } from '../money';
import { sumBy, violation } from './helpers';
import type { LedgerAdvance, LedgerRecord, LedgerRows, LedgerViolation } from './types';

const advanceRecord = (a: LedgerAdvance): LedgerRecord => ({ type: 'advance_request', id: a.id });
const distributionRecord = (id: number): LedgerRecord => ({ type: 'distribution', id });

/** Which approved distributions paid each advance (id → [{distribution, amount}]). */
function advancePayments(rows: LedgerRows) {
  const payments = new Map<number, Array<{ distributionId: number; amount: number }>>();
  for (const d of rows.distributions) {
    if (d.status !== 'approved') continue;
    for (const paid of d.paidAdvances) {
      payments.set(paid.id, [...(payments.get(paid.id) ?? []), { distributionId: d.id, amount: paid.amount }]);
    }
  }
  return payments;
}

/**
 * Advances (decision 14, docs/decisions.md): each is paid by at most one approved distribution, with the
 * amount recorded on the advance; an approved advance stays payable until a distribution pays it,
 * whatever its report's state; closing (processing its report) never pays it.
 */
export function checkAdvances(rows: LedgerRows): LedgerViolation[] {
  const found: LedgerViolation[] = [];
  const payments = advancePayments(rows);
  const distributions = new Map(rows.distributions.map((d) => [d.id, d]));
  const processedAdvanceReports = new Set(
    rows.reports.filter((r) => r.type === 'advance' && r.processed).map((r) => r.advanceRequestId),
  );
  for (const a of rows.advances) {
    const paidBy = payments.get(a.id) ?? [];
    const paid = a.distAmountApproved ?? 0;
    const records = [advanceRecord(a), ...paidBy.map((p) => distributionRecord(p.distributionId))];
    const [only] = paidBy;
    if (paidBy.length > 1) {
      found.push(
        violation('advance_paid_once', `Advance #${a.id} was paid by ${paidBy.length} distributions.`, records),
      );
    } else if (only && (only.amount !== paid || a.distributionId !== only.distributionId)) {
      found.push(
        violation(
          'advance_paid_once',
          `Advance #${a.id} was paid ${formatUSD(only.amount)} by distribution #${only.distributionId}, but the advance records ${formatUSD(paid)} paid by distribution #${a.distributionId ?? '—'}.`,
          records,
        ),
      );
    } else if (paidBy.length === 0 && paid !== 0) {
      found.push(
        violation(
          'advance_paid_once',
          `Advance #${a.id} records ${formatUSD(paid)} paid, but no approved distribution paid it.`,
          records,
        ),
      );
    }
    if (paid > a.amountRequested) {
      found.push(
        violation(
          'advance_paid_once',
          `Advance #${a.id} was paid ${formatUSD(paid)}, more than the ${formatUSD(a.amountRequested)} requested.`,
          records,
        ),
      );
    }
    found.push(...payable(a, paid, distributions, processedAdvanceReports));
  }
  return found;
}

function payable(
  a: LedgerAdvance,
  paid: number,
  distributions: Map<number, LedgerRows['distributions'][number]>,
  processedAdvanceReports: Set<number | null>,
): LedgerViolation[] {
  const found: LedgerViolation[] = [];
  const records = [advanceRecord(a)];
  if (a.status === 'closed' && !processedAdvanceReports.has(a.id)) {
    found.push(
      violation('advance_closed_payable', `Advance #${a.id} is closed without a processed advance report.`, records),
    );
  }
  if (a.status !== 'requested' && !(a.approved && (a.amountApproved ?? 0) > 0)) {
    found.push(
      violation('advance_closed_payable', `Advance #${a.id} is ${a.status} but has no approved amount.`, records),
    );
  }
  const owed = a.approved && (a.amountApproved ?? 0) > 0 && paid === 0;
  if (!owed) return found;
  const holder = a.distributionId === null ? null : distributions.get(a.distributionId);
  const approved = `Advance #${a.id} (${a.status}) was approved for ${formatUSD(a.amountApproved ?? 0)} and never paid`;
  if (a.archived) {
    found.push(
      violation('advance_closed_payable', `${approved}, and it is archived: no distribution can pay it.`, records),
    );
  } else if (holder?.status === 'approved') {
    found.push(
      violation(
        'advance_closed_payable',
        `${approved}, yet approved distribution #${holder.id} holds it: no other distribution can pay it.`,
        [...records, distributionRecord(holder.id)],
      ),
    );
  }
  return found;
}

/**
 * Reports and their lines: each reimbursement report is paid by one processing — at the office
 * (payout) or by one approved distribution — and each line at most once: at most one posted
 * withdrawal names an expense, from the account the expense is charged to, for no more than the
 * line; nothing is withdrawn for a report not yet processed.
 */
export function checkReportLines(rows: LedgerRows): LedgerViolation[] {
  const found: LedgerViolation[] = [];
  const reports = new Map(rows.reports.map((r) => [r.id, r]));
  const lines = new Map(rows.lines.filter((l) => l.kind === 'expense').map((l) => [l.id, l]));
  const general = sumBy(
    rows.lines.filter((l) => l.holdAccountId === null),
    (l) => l.reportId,
    (l) => l.amount,
  );
  const withdrawals = new Map<number, LedgerRows['holdTransactions']>();
  for (const t of rows.holdTransactions) {
    if (t.status !== 'posted' || t.type !== 'Withdrawal' || t.expenseId === null) continue;
    withdrawals.set(t.expenseId, [...(withdrawals.get(t.expenseId) ?? []), t]);
  }
  for (const [expenseId, paid] of withdrawals) {
    const line = lines.get(expenseId);
    const report = line ? reports.get(line.reportId) : undefined;
    const records: LedgerRecord[] = [
      { type: 'expense', id: expenseId },
      ...paid.map((t): LedgerRecord => ({ type: 'hold_account_transaction', id: t.id })),
    ];
    const total = paid.reduce((acc, t) => acc + t.amount, 0);
    if (paid.length > 1)
      found.push(violation('report_line_paid_once', `Expense #${expenseId} was paid ${paid.length} times.`, records));
    if (line && total > line.amount) {
      found.push(
        violation(
          'report_line_paid_once',
          `Expense #${expenseId} of ${formatUSD(line.amount)} was paid ${formatUSD(total)} from hold accounts.`,
          records,
        ),
      );
    }
    if (line && paid.some((t) => t.holdAccountId !== line.holdAccountId)) {
      found.push(
        violation(
          'report_line_paid_once',
          `Expense #${expenseId} was paid from a hold account it is not charged to.`,
          records,
        ),
      );
    }
    if (report && !report.processed) {
      found.push(
        violation(
          'report_line_paid_once',
          `Expense #${expenseId} was paid, but its report #${report.id} is not processed.`,
          records,
        ),
      );
    }
  }
  found.push(...checkReportsOnce(rows, general));
  return found;
}

function checkReportsOnce(rows: LedgerRows, general: Map<number | string, number>): LedgerViolation[] {
  const found: LedgerViolation[] = [];
  const includedBy = new Map<number, number[]>();
  for (const d of rows.distributions) {
    if (d.status !== 'approved') continue;
    for (const id of d.reportIds) includedBy.set(id, [...(includedBy.get(id) ?? []), d.id]);
  }
  for (const r of rows.reports) {
    const by = includedBy.get(r.id) ?? [];
    const records: LedgerRecord[] = [{ type: 'expense_report', id: r.id }, ...by.map(distributionRecord)];
    if (by.length > 1) {
      found.push(
        violation('report_line_paid_once', `Report #${r.id} was paid by ${by.length} distributions.`, records),
      );
    } else if (by.length === 1 && r.distributionId !== by[0]) {
      found.push(
        violation(
          'report_line_paid_once',
          `Report #${r.id} was paid by distribution #${by[0]} and also processed outside it.`,
          records,
        ),
      );
    }
    if (r.type !== 'reimbursement' || !r.processed) continue;
    const due = general.get(r.id) ?? 0;
    if (r.unreimbursedAmount < 0 || r.unreimbursedAmount > due) {
      found.push(
        violation(
          'report_line_paid_once',
          `Report #${r.id} still owes ${formatUSD(r.unreimbursedAmount)} of general-fund lines totalling ${formatUSD(due)}.`,
          records,
        ),
      );
    }
    if (r.payout !== null && (r.payout < 0 || r.payout > r.totalAmount)) {
      found.push(
        violation(
          'report_line_paid_once',
          `Report #${r.id} records a payout of ${formatUSD(r.payout)} on a total of ${formatUSD(r.totalAmount)}.`,
          records,
        ),
      );
    }
  }
  return found;
}
