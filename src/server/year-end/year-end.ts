import type { IsoDate } from '../../domain/dates';
import { toDollars } from '../../domain/money';
import type { TYearEnd, TYearEndRow } from '../../domain/year-end/contract';
import {
  type PersonYearEnd,
  type TaxYearFigures,
  type YearEndDistribution,
  yearEndFigures,
  yearEndTotals,
} from '../../domain/year-end/figures';
import type { DbOrTx } from '../db/client';
import { distributionTotals, loadAdvancesToReview, loadConfirmedAdvances, loadYearDistributions } from './load-year';

/** The year's figures: the stored distributions and confirmed advances folded by the domain. */
export async function computeYearEnd(
  db: DbOrTx,
  year: number,
  tax: TaxYearFigures,
  userId?: number,
): Promise<{ people: PersonYearEnd[]; distributions: YearEndDistribution[] }> {
  const distributions = await loadYearDistributions(db, year, userId);
  const advances = await loadConfirmedAdvances(db, year, userId);
  return { people: yearEndFigures(distributions, advances, tax), distributions };
}

export function rowToWire(p: PersonYearEnd): TYearEndRow {
  return {
    user_id: p.userId,
    user_name: p.userName,
    form: p.form,
    reportable: p.reportable,
    gross_pay: toDollars(p.grossPay),
    box_1: toDollars(p.box1),
    box_2: toDollars(p.box2),
    box_3: toDollars(p.box3),
    box_4: toDollars(p.box4),
    box_5: toDollars(p.box5),
    box_6: toDollars(p.box6),
    box_12_e: toDollars(p.box12E),
    box_14: toDollars(p.box14),
    nec_box_1: toDollars(p.nec1),
    nec_box_4: toDollars(p.nec4),
    advances_as_wages: toDollars(p.advancesAsWages),
    distribution_ids: p.distributionIds,
    advance_ids: p.advanceIds,
    notes: p.notes,
  };
}

/** GET /year-end: the rows, their totals, the database's own sum beside them, and the advances to review. */
export async function yearEndAnswer(db: DbOrTx, year: number, tax: TaxYearFigures, today: IsoDate): Promise<TYearEnd> {
  const { people } = await computeYearEnd(db, year, tax);
  const totals = yearEndTotals(people);
  const check = await distributionTotals(db, year);
  const review = await loadAdvancesToReview(db, year, today);
  return {
    year,
    tax_year: {
      year,
      social_security_wage_base: toDollars(tax.socialSecurityWageBase),
      nec_threshold: toDollars(tax.necThreshold),
      elective_deferral_limit: toDollars(tax.electiveDeferralLimit),
    },
    rows: people.map(rowToWire),
    totals: {
      people: totals.people,
      gross_pay: toDollars(totals.grossPay),
      box_1: toDollars(totals.box1),
      box_2: toDollars(totals.box2),
      box_3: toDollars(totals.box3),
      box_4: toDollars(totals.box4),
      box_5: toDollars(totals.box5),
      box_6: toDollars(totals.box6),
      box_12_e: toDollars(totals.box12E),
      box_14: toDollars(totals.box14),
      nec_box_1: toDollars(totals.nec1),
      nec_box_4: toDollars(totals.nec4),
      advances_as_wages: toDollars(totals.advancesAsWages),
    },
    distributions: { count: check.count, gross_pay: toDollars(check.grossPay) },
    advances_to_review: review.map((a) => ({
      advance_id: a.advanceId,
      user_id: a.userId,
      user_name: a.userName,
      paid_on: a.paidOn,
      due_on: a.dueOn,
      amount: toDollars(a.amount),
      confirmed_amount: a.confirmedAmount === null ? null : toDollars(a.confirmedAmount),
    })),
  };
}
