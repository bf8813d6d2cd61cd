import { desc, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { exchangeRatesContract as api, type TExchangeRate } from '../../domain/exchange-rates/contract';
import { type ExchangeRateRow, parseExchangeRateCsv } from '../../domain/exchange-rates/rates';
import { ADMIN } from '../../domain/roles';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { exchangeRates } from '../db/schema';
import { type AnyRoute, route } from '../http/routes';
import { recordAudit } from '../journal/journal';

/** Every kept rate, newest month first, then by currency. */
async function listRates(db: DbOrTx): Promise<TExchangeRate[]> {
  const rows = await db
    .select()
    .from(exchangeRates)
    .orderBy(desc(exchangeRates.month), exchangeRates.currency)
    .limit(5000);
  return rows.map((row) => ({ month: row.month, currency: row.currency, rate: Number(row.rate) }));
}

/** Keeps rows in one transaction; a month and currency already kept takes the new rate. */
async function keepRates(ctx: AppContext, actorId: number, rows: readonly ExchangeRateRow[], how: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (rows.length > 0) {
      await tx
        .insert(exchangeRates)
        .values(rows.map((row) => ({ ...row, updatedBy: actorId, updatedAt: now })))
        .onConflictDoUpdate({
          target: [exchangeRates.month, exchangeRates.currency],
          set: { rate: sql`excluded.rate`, updatedBy: actorId, updatedAt: now },
        });
    }
    await recordAudit(tx, { actorId, action: how, entityType: 'exchange_rates', details: { rows: rows.length } });
  });
  return listRates(ctx.db);
}

/** Decision 37: admins keep monthly rates (by hand or CSV); everyone signed in reads them. */
export function exchangeRateRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.listExchangeRates, { access: 'user', handler: async () => listRates(ctx.db) }),
    route(api.putExchangeRates, {
      access: ADMIN,
      handler: async (request) => {
        const rows = request.body.rates;
        const seen = new Set<string>();
        for (const [index, row] of rows.entries()) {
          const key = `${row.month} ${row.currency}`;
          if (seen.has(key)) throw AppError.field(`rates.${index}`, `${key} is listed twice.`);
          seen.add(key);
        }
        return keepRates(ctx, request.user.id, rows, 'update');
      },
    }),
    route(api.importExchangeRates, {
      access: ADMIN,
      handler: async (request) => {
        const parsed = parseExchangeRateCsv(request.body.csv);
        if (!parsed.ok) throw AppError.validation(parsed.errors);
        return keepRates(ctx, request.user.id, dedupe(parsed.rows), 'import');
      },
    }),
  ];
}

/** A file may name a month and currency twice: the later line wins, as it would typed by hand. */
function dedupe(rows: readonly ExchangeRateRow[]): ExchangeRateRow[] {
  return [...new Map(rows.map((row) => [`${row.month} ${row.currency}`, row])).values()];
}
