import { accountingTable } from '../../domain/reports/accounting';
import { fieldWorkerExpensesTable } from '../../domain/reports/field-worker-expenses';
import { journalTable } from '../../domain/reports/journal';
import {
  accountingQuerySchema,
  fieldWorkerExpensesQuerySchema,
  type ReportFormat,
  reportFilename,
} from '../../domain/reports/schemas';
import type { ReportTable } from '../../domain/reports/table';
import { STAFF } from '../../domain/roles';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { parse } from '../http/validate';
import { readSiteConfig } from '../site/routes';
import { loadMatDayDistributions, withFundMovements } from './load-distributions';
import { loadExpenseLines } from './load-expenses';
import { sendFile } from './send-file';
import { writeCsv } from './write-csv';
import { writeXlsx } from './write-xlsx';

/**
 * Report downloads (DESIGN.md decision 6, SPEC.md §2.3, §7): staff only, CSV by default or Excel
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

  return [
    route({
      method: 'GET',
      url: '/reports/field-worker-expenses',
      access: STAFF,
      queryToken: true,
      handler: async (request, reply) => {
        const query = parse(fieldWorkerExpensesQuerySchema, request.query);
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
    route({
      method: 'GET',
      url: '/reports/accounting',
      access: STAFF,
      queryToken: true,
      handler: async (request, reply) => {
        const query = parse(accountingQuerySchema, request.query);
        const items = await loadMatDayDistributions(ctx.db, query.mat_to_date, query.status);
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
    route({
      method: 'GET',
      url: '/reports/accounting-journal',
      access: STAFF,
      queryToken: true,
      handler: async (request, reply) => {
        const query = parse(accountingQuerySchema, request.query);
        const items = await loadMatDayDistributions(ctx.db, query.mat_to_date, query.status);
        const sources = await withFundMovements(ctx.db, items);
        const file = await download(
          journalTable(sources, site.terms),
          query.format,
          reportFilename('accounting-journal', query, query.format),
          `Journal for MAT Day ${query.mat_to_date} (${query.status})`,
        );
        return sendFile(reply, file);
      },
    }),
  ];
}
