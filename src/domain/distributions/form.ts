import { isIsoDate } from '../dates';
import type { Role } from '../roles';

/** The Distribution Form's stepper (docs/product.md §2.4), step index 0 to 4 (docs/product.md §4). */
export const DISTRIBUTION_STEPS = [
  'Select a field worker',
  'Customize payroll',
  'Approvals',
  'Expenses',
  'Distribution',
] as const;

export const LAST_STEP = DISTRIBUTION_STEPS.length - 1;

/**
 * The stepper's labels in the organisation's own words (the form said "field worker" and
 * "Missionary" side by side): step 1 names the configured term, "Select a Missionary".
 */
export function distributionSteps(missionaryTerm: string): string[] {
  const article = /^[aeiou]/i.test(missionaryTerm) ? 'an' : 'a';
  return [`Select ${article} ${missionaryTerm}`, ...DISTRIBUTION_STEPS.slice(1)];
}

export interface StepFormState {
  start_date?: string | null;
  end_date?: string | null;
}

/** docs/product.md §5: the first step is valid only when both dates are set; the other steps always are. */
export function isStepValid(step: number, form: StepFormState): boolean {
  if (step === 0) return isIsoDate(form.start_date) && isIsoDate(form.end_date);
  return true;
}

/** Back is disabled on step 1. */
export function canGoBack(step: number): boolean {
  return step > 0;
}

/** Next on steps 1 to 4, Submit on the last. */
export function primaryButtonLabel(step: number): 'Next' | 'Submit' {
  return step >= LAST_STEP ? 'Submit' : 'Next';
}

/** In read-only mode the last step hides the button. */
export function showPrimaryButton(step: number, readOnly: boolean): boolean {
  return !(readOnly && step >= LAST_STEP);
}

export const DISTRIBUTION_READ_ONLY = {
  approved:
    'An approved distribution cannot be changed; an admin may reverse the latest one of a missionary and build it again.',
  reversed: 'This distribution was reversed: it is kept as it was approved and moves no money any more.',
} as const;

/**
 * Decision 3 (docs/decisions.md): read-only unless the viewer is an admin and the distribution is not
 * approved or reversed (a new one, with no status yet, is editable by admins).
 */
export function isDistributionReadOnly(
  viewerRole: Role | null | undefined,
  status: string | null | undefined,
): boolean {
  return !(viewerRole === 'admin' && status !== 'approved' && status !== 'reversed');
}

/**
 * Why the form is read-only, in words (a read-only screen says why, not with greyed
 * inputs whose reason never shows); null when the viewer may change it.
 */
export function distributionReadOnlyReason(
  viewerRole: Role | null | undefined,
  status: string | null | undefined,
): string | null {
  if (!isDistributionReadOnly(viewerRole, status)) return null;
  if (status === 'approved') return DISTRIBUTION_READ_ONLY.approved;
  if (status === 'reversed') return DISTRIBUTION_READ_ONLY.reversed;
  return 'Only an admin can change or approve distributions.';
}
