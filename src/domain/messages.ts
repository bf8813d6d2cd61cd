import { DASHBOARD_MESSAGES } from './dashboard-messages';
import { formatUSDate } from './dates';
import { SIGN_IN_MESSAGES } from './sign-in-messages';

/**
 * Every user-facing text, word for word as docs/product.md §5 and §8 quote it (the two historical
 * misspellings included). Screens and the API both read them from here.
 */
export const MESSAGES = {
  // §8 login and passwords
  ...SIGN_IN_MESSAGES,
  ...DASHBOARD_MESSAGES,
  invalidCredentials: 'These credentials do not match our records.',
  passwordReset: 'Password Reset!',
  passwordResetFailed: 'Something went wrong, please try again.',
  emailSent: 'Email Sent!',
  passwordHint: 'Password must be at least 6 characters',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordsDoNotMatch: 'The password confirmation does not match.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  // users
  userCreated: 'You have successfully added a user',
  userCreateFailed: 'Something went wrong. Perhaps that email already exists in the system.',
  userUpdated: 'You have successfully updated the user.',
  userUpdateFailed: 'There was an error updating the user, please try again later.',
  userArchived: 'You have successfully archived the user.',
  userRestored: 'You have successfully restored the user.',
  userDeleted: 'You have successfully deleted the user.',
  emailTaken: 'The email has already been taken.',
  userHasRecords:
    'This user has expense reports, advances, donations, distributions or balance history on record and cannot be deleted. Keep the user archived instead.',
  cannotDeleteSelf: 'You cannot archive or delete your own account.',
  userNotArchived: 'This user is not archived.',
  passwordUpdated: 'Your password has been updated.',
  // settings and categories
  settingsUpdated: 'Settings updated.',
  categoryAdded: 'Category added.',
  categoryUpdated: 'Category updated.',
  exchangeRateSaved: 'Exchange rate saved.',
  exchangeRatesImported: 'Exchange rates imported.',
  categoryDeleted: 'Category deleted.',
  categoryFieldsRequired: 'Both a category and description are required.',
  categoryInUse: 'This category is used by expenses, mileage or advance requests and cannot be deleted.',
  // expense reports (§5, §8)
  reportStarted: 'You have successfully started an expense report',
  reportSaved: 'Your expense report has been saved.',
  reportSubmitted: 'Your expense report has been submitted.',
  reportArchived: 'You have successfully archived this expense report.',
  reportArchiveFailed: 'Something west wrong.',
  reportProcessed: 'Expense Report has been processed.',
  reportProcessFailed: 'There was an error updating the processed status, please try again later.',
  reportInDistribution:
    'This expense report is referenced in a distribution. Please delete or modify the distribution first.',
  expenseAdded: 'Expense added.',
  expenseUpdated: 'Expense updated.',
  expenseDeleted: 'Expense deleted.',
  mileageAdded: 'Mileage added.',
  mileageUpdated: 'Mileage updated.',
  mileageDeleted: 'Mileage deleted.',
  fileUploaded: 'File uploaded!',
  fileDeleted: 'File upload deleted!',
  fileDeleteFailed: 'Unable to delete file upload!',
  fileTooLarge: 'Invalid file. Please choose a file that is 5MB or smaller.',
  fileNotChosen: 'No file has been chosen.',
  fileNotImageOrPdf: 'Invalid file. Please choose an image or a PDF.',
  distanceTypeRequired: 'Must Select A Distance Type to Add A Mileage Expense',
  dateRequired: 'Date is required.',
  advanceReportTooLow: 'Please add expenses until the report total meets the amount approved',
  advanceReportTooHigh: 'Expenses over the approved amount must be added to an expense report.',
  // advances
  advanceRequested: 'Your advance request has been posted.',
  advanceProcessed: 'You have processed the advance request.',
  advanceDeleted: 'You have successfully deleted the advance request.',
  advanceArchived: 'You have successfully archived the advance request.',
  advanceInDistribution:
    'This advance request is referenced in a distribution. Please contact an administrator to modify or delete it.',
  approvedAmountZero: 'Approved amount cannot be zero.',
  confirmArchiveAdvance: 'Are you sure you want to archive this advance request?',
  confirmDeleteAdvance: 'Delete this advance request?',
  // donations and hold accounts
  uploadNameRequired: 'Upload Name Required',
  noFileChosen: 'No File Chosen',
  importPosted: 'Import posted successfully.',
  donationUpdated: 'Donation Updated',
  donationDeleted: 'Donation Deleted',
  donationInDistribution:
    'This donation is referenced in a distribution. Please delete or modify the distribution first.',
  holdAccountUpdated: 'Hold Account Updated',
  holdAccountCreated: 'Hold Account Created',
  holdAccountDeleted: 'Hold Account Deleted',
  holdAccountArchived: 'Hold Account Archived',
  holdAccountRestored: 'Hold Account Restored',
  transactionPosted: 'Transaction posted.',
  transactionDeleted: 'Transaction deleted.',
  // distributions
  distributionSaved: 'Distribution saved!',
  distributionUpdated: 'Distribution updated!',
  distributionError: 'An error occurred!',
  distributionsApproved: 'Distributions Approved',
  distributionDeleted: 'Distribution Deleted',
  noDistributionsSelected: 'No distributions select.',
  // distribution engine input checks (docs/product.md §5 and docs/distribution.md)
  holdTransactionAccountAndTypeRequired: 'Approving a hold-account transaction requires a fund and a transaction type.',
  holdAccountUnknown: "That hold account is not one of this field worker's accounts.",
  recurringAmountMismatch: "A recurring item must match the hold account's MAT Day recurring amount.",
  recurringDuplicate: 'A hold account has at most one recurring item of each type.',
  amountNotWholeCents: 'Amounts must be whole cents.',
  amountNegative: 'Amounts cannot be negative.',
  duplicateItem: 'The same item is included twice.',
  chargesExceedReport: 'The expenses charged to hold accounts exceed the report total.',
  percentageOutOfRange: 'Percentages must be between 0 and 100.',
  ficaOnlyW2: 'FICA applies only to W2 employees.',
  ficaNeedsW2: 'Choose the tax status W2 to withhold FICA.',
  ficaRatesInvalid: 'Social security and Medicare percentages together must be below 100.',
  retirementTooLarge: 'Retirement 403(b) cannot exceed net salary plus housing allowance.',
  midMonthTooLarge: 'The mid-month disbursement cannot exceed the payroll disbursement.',
  endBeforeStart: 'The end date must be on or after the start date.',
  donationNotInDistribution: "That donation is not one of this field worker's donations in the chosen upload.",
  advanceNotInDistribution: "That advance request is not one of this field worker's open advance requests.",
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** A distribution for someone who is paid a salary but has no tax status (docs/decisions.md). */
export function taxStatusMissingMessage(name: string): string {
  return `${name} has no tax status. Choose one in Payroll Info before distributing a salary.`;
}

/**
 * The 409 of a save whose dates share a day with another distribution of the same missionary, naming
 * it: "Lydia Mensah already has pending distribution 12 for 11/01/2026–11/30/2026; a missionary's
 * distributions may not share a day." Build MAT Day gives it as the reason it skipped someone.
 */
export function distributionOverlapMessage(
  name: string,
  other: { id: number; status: string; startDate: string; endDate: string },
): string {
  const range = `${formatUSDate(other.startDate)}–${formatUSDate(other.endDate)}`;
  return `${name} already has ${other.status} distribution ${other.id} for ${range}; a missionary's distributions may not share a day.`;
}
