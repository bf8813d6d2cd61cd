import { eq } from 'drizzle-orm';
import { isoDateOf } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import { toDollars } from '../../domain/money';
import { ADMIN, STAFF } from '../../domain/roles';
import { yearEndContract as api, type TTaxYear } from '../../domain/year-end/contract';
import { yearEndFilename, yearEndSummaryFilename, yearEndTable } from '../../domain/year-end/table';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { housingAllowanceDesignations, taxYears } from '../db/schema';
import { type AnyRoute, route } from '../http/routes';
import { recordAudit } from '../journal/journal';
import { sendFile } from '../reports/send-file';
import { readSiteConfig } from '../site/routes';
import { confirmAdvanceWages } from './confirm-wages';
import { readHousingAllowance } from './housing';
import { loadTaxYear, loadYearDistributions } from './load-year';
import { csvStream, sendStream, xlsxStream } from './stream-file';
import { writeYearEndPdf } from './summary-pdf';
import { computeYearEnd, yearEndAnswer } from './year-end';

function taxYearWire(
  year: number,
  figures: { socialSecurityWageBase: number; necThreshold: number; electiveDeferralLimit: number },
): TTaxYear {
  return {
    year,
    social_security_wage_base: toDollars(figures.socialSecurityWageBase),
    nec_threshold: toDollars(figures.necThreshold),
    elective_deferral_limit: toDollars(figures.electiveDeferralLimit),
  };
}

async function taxYearOr404(db: DbOrTx, year: number) {
  const figures = await loadTaxYear(db, year);
  if (!figures) throw AppError.notFound(`No tax figures for ${year}: set them in Settings first.`);
  return figures;
}

/** Year end (decision 33, docs/decisions.md; docs/tax.md). */
export function yearEndRoutes(ctx: AppContext): AnyRoute[] {
  return [...taxYearRoutes(ctx), ...yearEndFigureRoutes(ctx), ...yearEndDownloadRoutes(ctx)];
}

/** The figures that change by year: wage base, 1099-NEC threshold, 403(b) limit. */
function taxYearRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.getTaxYear, {
      access: STAFF,
      handler: async ({ params }) => taxYearWire(params.year, await taxYearOr404(ctx.db, params.year)),
    }),
    route(api.putTaxYear, {
      access: ADMIN,
      handler: async ({ params, body, user }) => {
        const values = {
          socialSecurityWageBase: body.social_security_wage_base,
          necThreshold: body.nec_threshold,
          electiveDeferralLimit: body.elective_deferral_limit,
        };
        await ctx.db.transaction(async (tx) => {
          const now = ctx.clock.now();
          await tx
            .insert(taxYears)
            .values({ year: params.year, ...values, updatedAt: now })
            .onConflictDoUpdate({ target: taxYears.year, set: { ...values, updatedAt: now } });
          await recordAudit(tx, {
            actorId: user.id,
            action: 'update',
            entityType: 'tax_year',
            entityId: params.year,
            details: body,
          });
        });
        return taxYearWire(params.year, values);
      },
    }),
  ];
}

/** The year's figures per person, traced to their distributions; housing allowance; advances confirmed as wages. */
function yearEndFigureRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.yearEnd, {
      access: ADMIN,
      handler: async ({ query }) => {
        const tax = await taxYearOr404(ctx.db, query.year);
        return yearEndAnswer(ctx.db, query.year, tax, isoDateOf(ctx.clock.now()));
      },
    }),
    route(api.yearEndTrace, {
      access: ADMIN,
      handler: async ({ query }) => {
        const rows = await loadYearDistributions(ctx.db, query.year, query.user_id);
        return {
          user_id: query.user_id,
          year: query.year,
          distributions: rows.map((d) => ({
            id: d.id,
            end_date: d.endDate,
            tax_status: d.taxStatus,
            gross_payroll: toDollars(d.grossPayroll),
            housing_allowance: toDollars(d.housingAllowance),
            housing_allowance_excluded: toDollars(d.housingAllowanceExcluded),
            retirement: toDollars(d.retirement),
            federal_income_tax: toDollars(d.federalIncomeTax),
            employee_ss: toDollars(d.employeeSs),
            employee_mc: toDollars(d.employeeMc),
            social_security_wages: toDollars(d.socialSecurityWages),
            medicare_wages: toDollars(d.medicareWages),
          })),
        };
      },
    }),
    route(api.housingAllowance, {
      access: 'user',
      handler: async ({ params, user }) => readHousingAllowance(ctx.db, user, params.id),
    }),
    route(api.confirmWages, {
      access: ADMIN,
      handler: async ({ params, body, user }) => confirmAdvanceWages(ctx, user, params.id, body),
    }),
  ];
}

/** The report (CSV or Excel, streamed) and a person's PDF summary. */
function yearEndDownloadRoutes(ctx: AppContext): AnyRoute[] {
  const site = readSiteConfig();
  return [
    route(api.yearEndReport, {
      access: ADMIN,
      queryToken: true,
      handler: async ({ query }, reply) => {
        const tax = await taxYearOr404(ctx.db, query.year);
        const { people } = await computeYearEnd(ctx.db, query.year, tax);
        const table = yearEndTable(query.year, people);
        const filename = yearEndFilename(query.year, query.format);
        const stream =
          query.format === 'xlsx'
            ? xlsxStream(table, { title: `Year end ${query.year}`, creator: site.title, now: ctx.clock.now() })
            : csvStream(table);
        return sendStream(reply, stream, { filename, type: query.format });
      },
    }),
    route(api.yearEndPdf, {
      access: 'user',
      queryToken: true,
      handler: async ({ query, user }, reply) => {
        if (user.role !== 'admin' && user.id !== query.user_id) throw AppError.forbidden();
        const tax = await taxYearOr404(ctx.db, query.year);
        const { people, distributions } = await computeYearEnd(ctx.db, query.year, tax, query.user_id);
        const person = people.find((p) => p.form !== 'none') ?? people[0];
        if (!person) throw AppError.notFound(`Nothing was paid to this person in ${query.year}.`);
        const [designation] = await ctx.db
          .select()
          .from(housingAllowanceDesignations)
          .where(eq(housingAllowanceDesignations.userId, query.user_id))
          .then((rows) => rows.filter((row) => row.year === query.year));
        const content = await writeYearEndPdf(
          {
            siteTitle: site.title,
            year: query.year,
            person,
            distributions: distributions.filter((d) => person.distributionIds.includes(d.id)),
            designation: designation ? { amount: designation.amount, approvedOn: designation.approvedOn } : null,
          },
          ctx.clock.now(),
        );
        return sendFile(reply, {
          content,
          filename: yearEndSummaryFilename(query.year, query.user_id),
          type: 'pdf',
          inline: true,
        });
      },
    }),
  ];
}
