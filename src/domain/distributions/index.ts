/** The distribution engine and the pieces the Distribution Form and the server share. */
export { askedAdvance } from './advances';
export { computeDistribution } from './engine';
export {
  canGoBack,
  DISTRIBUTION_STEPS,
  distributionReadOnlyReason,
  distributionSteps,
  isDistributionReadOnly,
  isStepValid,
  LAST_STEP,
  primaryButtonLabel,
  showPrimaryButton,
} from './form';
export type { LoadedAdvance, LoadedDonation } from './payload';
export { advanceInputs, donationInputs, transactionRequestsFromPayload } from './payload';
export { adminFee, computePayroll, ficaShares } from './payroll';
export {
  buildManualTransaction,
  buildRecurringItems,
  manualDescription,
  recurringDescription,
  UNREIMBURSED_REIMBURSEMENT,
} from './recurring';
export type { PreviousFigures, ReviewedFigures, ReviewFlag, ReviewFlagCode } from './review';
export { reviewFlags } from './review';
export * from './schemas';
export * from './types';
