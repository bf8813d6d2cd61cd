import { type Cents, toDollars } from '../../domain/money';
import { buildPayStub } from '../../domain/reports/pay-stub';
import type { TPayStub } from '../../domain/reports/pay-stub-contract';
import type { StatementLine } from '../../domain/reports/statement';
import type { Terms } from '../../domain/terms';
import type { AuthUser } from '../auth/tokens';
import type { DbOrTx } from '../db/client';
import { loadStatementSource } from './load-statement';
import { issuedDistribution } from './statements';

const line = (l: StatementLine) => ({
  label: l.label,
  amount: l.amount === null ? null : toDollars(l.amount),
  style: l.style,
  hint: l.hint ?? null,
});

/**
 * GET /distribution/{id}/pay-stub: the pay stub (domain pay-stub.ts) of a distribution whose
 * statement the viewer may read, from the same records as the statement PDF.
 */
export async function payStub(
  db: DbOrTx,
  viewer: AuthUser,
  id: number,
  site: { title: string; terms: Terms },
): Promise<TPayStub> {
  const found = await issuedDistribution(db, viewer, id);
  const d = found.distribution;
  const stub = buildPayStub(await loadStatementSource(db, found, site));
  const dollars = (cents: Cents) => toDollars(cents);
  return {
    distribution_id: stub.distributionId,
    user_id: d.userId,
    user_name: d.userName,
    start_date: stub.startDate,
    mat_date: stub.matDate,
    approved_on: stub.approvedOn,
    reversal: stub.reversal,
    paid_on_mat_day: dollars(stub.paidOnMatDay),
    balances: stub.balances.map((b) => ({ label: b.label, before: dollars(b.before), after: dollars(b.after) })),
    groups: stub.groups.map((g) => ({ key: g.key, title: g.title, intro: g.intro ?? null, lines: g.lines.map(line) })),
    statement_url: `/api/distribution/${d.id}/statement.pdf`,
  };
}
