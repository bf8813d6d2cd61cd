/**
 * The admin dashboard's setup checklist: what a new organisation does before its first
 * MAT Day, each step ticked from the data itself — nothing to tick by hand, nothing stored about the
 * checklist. The card disappears once every step is done.
 */

export const SETUP_STEPS = ['settings', 'categories', 'missionary', 'payroll', 'donations', 'mat_day'] as const;
export type SetupStepKey = (typeof SETUP_STEPS)[number];

/** Counts the server reads from the database (all of active records). */
export interface SetupFacts {
  /** An admin saved the settings at least once (an audit row), or a value differs from its default. */
  settingsReviewed: boolean;
  /** Categories offered for each use: expense codes, mileage types, advance types. */
  expenseCategories: number;
  mileageCategories: number;
  advanceCategories: number;
  /** Active users with role missionary. */
  missionaries: number;
  /** Of those, how many have payroll info (a tax status or a net salary). */
  missionariesWithPayroll: number;
  /** A missionary without payroll info, to link the step to (null when none). */
  missionaryWithoutPayrollId: number | null;
  donationUploads: number;
  approvedDistributions: number;
}

export interface SetupStep {
  key: SetupStepKey;
  done: boolean;
}

export interface SetupChecklist {
  steps: SetupStep[];
  /** Every step done: the dashboard shows no checklist. */
  complete: boolean;
  missionary_without_payroll_id: number | null;
}

/**
 * What counts as done:
 * - settings: reviewed (saved once, or changed from the out-of-the-box values);
 * - categories: at least one for each use, since each form (expense, mileage trip, advance request)
 *   offers only its own kind;
 * - missionary: one active missionary;
 * - payroll: one missionary with payroll info (MAT Day pays nothing without it);
 * - donations: one donation file imported;
 * - mat_day: one distribution approved.
 */
export function setupChecklist(facts: SetupFacts): SetupChecklist {
  const done: Record<SetupStepKey, boolean> = {
    settings: facts.settingsReviewed,
    categories: facts.expenseCategories > 0 && facts.mileageCategories > 0 && facts.advanceCategories > 0,
    missionary: facts.missionaries > 0,
    payroll: facts.missionariesWithPayroll > 0,
    donations: facts.donationUploads > 0,
    mat_day: facts.approvedDistributions > 0,
  };
  const steps = SETUP_STEPS.map((key) => ({ key, done: done[key] }));
  return {
    steps,
    complete: steps.every((step) => step.done),
    missionary_without_payroll_id: done.payroll ? null : facts.missionaryWithoutPayrollId,
  };
}
