import type { ComponentType } from 'react';
import type { User } from '../../api/types';
import { UserSecondFactorSection } from '../account/UserSecondFactorSection';
import { AdvanceHistorySection } from '../advances/AdvanceHistorySection';
import { DistributionsSection } from '../distributions/DistributionsSection';
import { DonationsSection } from '../donations/DonationsSection';
import { ReportHistorySection } from '../expenses/ReportHistorySection';
import { HoldAccountsSection } from '../hold-accounts/HoldAccountsSection';
import { BankDetailsSection } from '../payments/BankDetailsSection';
import { DonationsTrendSection } from '../statements/DonationsTrendSection';
import { StatementsSection } from '../statements/StatementsSection';
import { SupportSection } from '../support/SupportSection';
import { HousingAllowanceSection } from '../year-end/HousingAllowanceSection';

/**
 * The lists under the forms of the admin user profile (reports, advances, donations, hold accounts,
 * distributions). Each feature adds its section here.
 */
export const userProfileSections: Array<ComponentType<{ user: User }>> = [
  // A minister's housing allowance designations, under Payroll Info (docs/tax.md).
  HousingAllowanceSection,
  // Bank details, masked; admins change them (docs/payments.md "Bank details").
  BankDetailsSection,
  ReportHistorySection,
  AdvanceHistorySection,
  DonationsSection,
  HoldAccountsSection,
  // The user's approved distributions.
  DistributionsSection,
  DonationsTrendSection,
  SupportSection,
  StatementsSection,
  // A lost authenticator is removed here (admins).
  UserSecondFactorSection,
];
