import { AppError } from '../../domain/errors';
import { accountingTable } from '../../domain/reports/accounting';
import { cashReturnedJournalLines } from '../../domain/reports/cash-returned';
import { reportsContract as api } from '../../domain/reports/contract';
import { fieldWorkerExpensesTable } from '../../domain/reports/field-worker-expenses';
import { journalTable } from '../../domain/reports/journal';
import { noDistributionMessage } from '../../domain/reports/mat-dates';
import { officePayoutJournalLines, payoutWindow } from '../../domain/reports/office-payouts';
import { type ReportFormat, reportFilename } from '../../domain/reports/schemas';
import type { ReportTable } from '../../domain/reports/table';
import { STAFF } from '../../domain/roles';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { readSiteConfig } from '../site/routes';
import { journalCashReturns } from './load-cash-returned';
import { loadMatDates, loadMatDayDistributions, withFundMovements } from './load-distributions';
import { loadExpenseLines } from './load-expenses';
import { journalPayouts } from './load-office-payouts';
import { sendFile } from './send-file';
import { writeCsv } from './write-csv';
import { writeXlsx } from './write-xlsx';

/**
 * Report downloads (decision 6, docs/decisions.md, docs/product.md §2.3, §7): staff only, CSV by default or Excel
 * with format=xlsx; the token may travel as api_token in the query (never logged, see app.ts).
 */
export function reportRoutes(ctx: AppContext): AnyRoute[] {
  const site = readSiteConfig();

  async function download(table: ReportTable, format: ReportFormat, filename: string, title: string) {
    return {
      content:
        format === 'xlsx'
          ? await writeXlsx(table, { title, creator: site.title, now: ctx.clock.now() })
          : writeCsv(table),
      filename,
      type: format,
    } as const;
  }

  /** The distributions of a MAT date, or 422 naming the dates that have some (no header-only file). */
  async function matDayOrExplain(matDate: string, status: 'approved' | 'pending') {
    const items = await loadMatDayDistributions(ctx.db, matDate, status);
    if (items.length > 0) return items;
    const dates = (await loadMatDates(ctx.db, status)).map((row) => row.mat_date);
    throw AppError.field('mat_to_date', noDistributionMessage(matDate, status, dates));
  }

  return [
    route(api.matDates, {
      access: STAFF,
      handler: async (request) => ({ data: await loadMatDates(ctx.db, request.query.status) }),
    }),
    route(api.fieldWorkerExpenses, {
      access: STAFF,
      queryToken: true,
      handler: async (request, reply) => {
        const { query } = request;
        const lines = await loadExpenseLines(ctx.db, query.from, query.to);
        const file = await download(
          fieldWorkerExpensesTable(lines, site.terms),
          query.format,
          reportFilename('field-worker-expenses', query, query.format),
          `${site.terms.missionary} Expense Reports ${query.from} to ${query.to}`,
        );
        return sendFile(reply, file);
      },
    }),
    route(api.accounting, {
      access: STAFF,
      queryToken: true,
      handler: async (request, reply) => {
        const { query } = request;
        const items = await matDayOrExplain(query.mat_to_date, query.status);
        const file = await download(
          accountingTable(
            items.map((item) => item.distribution),
            site.terms,
          ),
          query.format,
          reportFilename('accounting', query, query.format),
          `Distributions ${query.status} for MAT Day ${query.mat_to_date}`,
        );
        return sendFile(reply, file);
      },
    }),
    route(api.accountingJournal, {
      access: STAFF,
      queryToken: true,
      handler: async (request, reply) => {
        const { query } = request;
        const items = await matDayOrExplain(query.mat_to_date, query.status);
        const sources = await withFundMovements(ctx.db, items);
        // Office payouts are booked when paid: the approved journal of a MAT Day carries those paid
        // since the previous MAT Day with approved distributions (src/domain/reports/office-payouts.ts).
        // Cash returned from advances (decision 34) is booked the same way, in the same window.
        const after =
          query.status === 'approved'
            ? payoutWindow(
                query.mat_to_date,
                (await loadMatDates(ctx.db, 'approved')).map((row) => row.mat_date),
              ).after
            : undefined;
        const payouts = after === undefined ? [] : await journalPayouts(ctx.db, after, query.mat_to_date);
        const returns = after === undefined ? [] : await journalCashReturns(ctx.db, after, query.mat_to_date);
        const extra = [...payouts.flatMap(officePayoutJournalLines), ...returns.flatMap(cashReturnedJournalLines)];
        const file = await download(
          journalTable(sources, site.terms, extra),
          query.format,
          reportFilename('accounting-journal', query, query.format),
          `Journal for MAT Day ${query.mat_to_date} (${query.status})`,
        );
        return sendFile(reply, file);
      },
    }),
  ];
}
