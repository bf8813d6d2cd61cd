import type { IsoDate } from '../dates';
import { type Cents, formatUSD, sum } from '../money';
import type { TaxStatus } from '../users/tax-status';

/**
 * The year-end figures (decision 33, docs/decisions.md; docs/tax.md): per person, the W-2 or
 * 1099-NEC amounts of one calendar year, folded from the approved, non-reversed distributions whose
 * MAT date (end date) falls in it, plus the advances the office confirmed as wages. Every figure is
 * a plain sum of stored distribution fields, so each one traces back to the distributions it is
 * made of; nothing is recomputed here.
 */

/** The stored fields of one distribution the figures are made of (cents). */
export interface YearEndDistribution {
  id: number;
  userId: number;
  userName: string;
  endDate: IsoDate;
  /** The tax status the distribution was computed with (it decides the form). */
  taxStatus: TaxStatus | null;
  grossPayroll: Cents;
  housingAllowance: Cents;
  housingAllowanceExcluded: Cents;
  retirement: Cents;
  federalIncomeTax: Cents;
  employeeSs: Cents;
  employeeMc: Cents;
  socialSecurityWages: Cents;
  medicareWages: Cents;
}

/** An advance the office confirmed as wages for the year. */
export interface ConfirmedAdvance {
  advanceId: number;
  userId: number;
  userName: string;
  amount: Cents;
}

export type YearEndForm = 'W-2' | '1099-NEC' | 'none';

export interface TaxYearFigures {
  socialSecurityWageBase: Cents;
  necThreshold: Cents;
  electiveDeferralLimit: Cents;
}

export interface PersonYearEnd {
  userId: number;
  userName: string;
  form: YearEndForm;
  /** Gross pay: gross payroll plus housing allowance (what the distributions paid as compensation). */
  grossPay: Cents;
  /** W-2 boxes (0 on a 1099 row). */
  box1: Cents;
  box2: Cents;
  box3: Cents;
  box4: Cents;
  box5: Cents;
  box6: Cents;
  box12E: Cents;
  box14: Cents;
  /** 1099-NEC box 1 (nonemployee compensation) and box 4 (federal income tax withheld). */
  nec1: Cents;
  nec4: Cents;
  /** Advances confirmed as wages (already inside box 1 or NEC box 1). */
  advancesAsWages: Cents;
  /** Housing allowance paid while not excluded (taxable, inside box 1 or NEC box 1). */
  housingTaxable: Cents;
  /** Whether the form is to be filed: always for W-2; 1099-NEC at the year's threshold or above. */
  reportable: boolean;
  distributionIds: number[];
  advanceIds: number[];
  notes: string[];
}

/** The form a tax status files: W2 and W2 Exempt a W-2, 1099 a 1099-NEC, none (no status) neither. */
export function formOf(taxStatus: TaxStatus | null): YearEndForm {
  if (taxStatus === 'W2' || taxStatus === 'W2 Exempt') return 'W-2';
  if (taxStatus === '1099') return '1099-NEC';
  return 'none';
}

function emptyPerson(userId: number, userName: string, form: YearEndForm): PersonYearEnd {
  return {
    userId,
    userName,
    form,
    grossPay: 0,
    box1: 0,
    box2: 0,
    box3: 0,
    box4: 0,
    box5: 0,
    box6: 0,
    box12E: 0,
    box14: 0,
    nec1: 0,
    nec4: 0,
    advancesAsWages: 0,
    housingTaxable: 0,
    reportable: false,
    distributionIds: [],
    advanceIds: [],
    notes: [],
  };
}

/** Adds one distribution to its person's row. */
function addDistribution(person: PersonYearEnd, d: YearEndDistribution): void {
  const grossPay = d.grossPayroll + d.housingAllowance;
  person.grossPay += grossPay;
  person.housingTaxable += d.housingAllowance - d.housingAllowanceExcluded;
  person.distributionIds.push(d.id);
  if (person.form === 'W-2') {
    // Box 1: gross payroll − 403(b) elective deferrals − the excluded housing allowance (Pub. 15, Pub. 517).
    person.box1 += grossPay - d.retirement - d.housingAllowanceExcluded;
    person.box2 += d.federalIncomeTax;
    person.box3 += d.socialSecurityWages;
    person.box4 += d.employeeSs;
    person.box5 += d.medicareWages;
    person.box6 += d.employeeMc;
    person.box12E += d.retirement;
    person.box14 += d.housingAllowanceExcluded;
  } else if (person.form === '1099-NEC') {
    person.nec1 += grossPay;
    person.nec4 += d.federalIncomeTax;
  }
}

/** The notes a careful office reads before filing. */
function notesOf(person: PersonYearEnd, tax: TaxYearFigures): string[] {
  const notes: string[] = [];
  if (person.form === '1099-NEC' && !person.reportable) {
    notes.push(`Paid ${formatUSD(person.nec1)}, under the ${formatUSD(tax.necThreshold)} threshold: no 1099-NEC.`);
  }
  if (person.form === 'W-2' && person.housingTaxable > 0) {
    notes.push(
      `Housing allowance of ${formatUSD(person.housingTaxable)} paid without a designation: taxable, in box 1.`,
    );
  }
  if (person.box12E > tax.electiveDeferralLimit) {
    notes.push(
      `403(b) deferrals of ${formatUSD(person.box12E)} pass the ${formatUSD(tax.electiveDeferralLimit)} limit: check catch-up eligibility.`,
    );
  }
  if (person.box3 >= tax.socialSecurityWageBase && person.box3 > 0) {
    notes.push(`Social Security wages reached the ${formatUSD(tax.socialSecurityWageBase)} wage base.`);
  }
  if (person.form === 'none') notes.push('No tax status on these distributions: no form.');
  return notes;
}

/**
 * The year's figures per person and form, in name order. A person whose tax status changed within
 * the year has one row per form. Advances confirmed as wages join box 1 (W-2) or NEC box 1.
 */
export function yearEndFigures(
  distributions: readonly YearEndDistribution[],
  advances: readonly ConfirmedAdvance[],
  tax: TaxYearFigures,
): PersonYearEnd[] {
  const people = new Map<string, PersonYearEnd>();
  for (const d of distributions) {
    const form = formOf(d.taxStatus);
    const key = `${d.userId}:${form}`;
    const person = people.get(key) ?? emptyPerson(d.userId, d.userName, form);
    people.set(key, person);
    addDistribution(person, d);
  }
  for (const advance of advances) {
    const rows = [...people.values()].filter((p) => p.userId === advance.userId);
    // Wages of an employee, or compensation of a contractor; someone without a form gets a W-2 row.
    let person = rows.find((p) => p.form === 'W-2') ?? rows.find((p) => p.form === '1099-NEC');
    if (!person) {
      person = emptyPerson(advance.userId, advance.userName, 'W-2');
      people.set(`${advance.userId}:W-2`, person);
    }
    person.advancesAsWages += advance.amount;
    person.advanceIds.push(advance.advanceId);
    if (person.form === '1099-NEC') person.nec1 += advance.amount;
    else person.box1 += advance.amount;
  }
  const rows = [...people.values()];
  for (const person of rows) {
    person.reportable = person.form === 'W-2' || (person.form === '1099-NEC' && person.nec1 >= tax.necThreshold);
    person.notes = notesOf(person, tax);
  }
  return rows.sort(
    (a, b) => a.userName.localeCompare(b.userName) || a.userId - b.userId || a.form.localeCompare(b.form),
  );
}

/** The column totals of the report, and what they must equal: the year's approved distributions. */
export interface YearEndTotals {
  people: number;
  grossPay: Cents;
  box1: Cents;
  box2: Cents;
  box3: Cents;
  box4: Cents;
  box5: Cents;
  box6: Cents;
  box12E: Cents;
  box14: Cents;
  nec1: Cents;
  nec4: Cents;
  advancesAsWages: Cents;
}

export function yearEndTotals(rows: readonly PersonYearEnd[]): YearEndTotals {
  const total = (pick: (row: PersonYearEnd) => Cents) => sum(rows.map(pick));
  return {
    people: new Set(rows.map((row) => row.userId)).size,
    grossPay: total((r) => r.grossPay),
    box1: total((r) => r.box1),
    box2: total((r) => r.box2),
    box3: total((r) => r.box3),
    box4: total((r) => r.box4),
    box5: total((r) => r.box5),
    box6: total((r) => r.box6),
    box12E: total((r) => r.box12E),
    box14: total((r) => r.box14),
    nec1: total((r) => r.nec1),
    nec4: total((r) => r.nec4),
    advancesAsWages: total((r) => r.advancesAsWages),
  };
}
