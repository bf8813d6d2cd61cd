import type { ComponentType } from 'react';
import type { User } from '../../api/types';
import { MyDistributionsSection } from '../distributions/DistributionsSection';
import { NotificationPreferencesSection } from '../notifications/NotificationPreferencesSection';
import { BankDetailsSection } from '../payments/BankDetailsSection';
import { StatementsSection } from '../statements/StatementsSection';
import { HousingAllowanceSection } from '../year-end/HousingAllowanceSection';

/** Sections under the missionary's own profile (statements history, …); features add theirs. */
export const missionaryProfileSections: Array<ComponentType<{ user: User }>> = [];

// How the missionary is paid: they enter or change their own bank details (docs/payments.md).
missionaryProfileSections.push(BankDetailsSection);
// The missionary's own approved distributions, opened read-only.
missionaryProfileSections.push(MyDistributionsSection);
// The missionary's monthly statements.
missionaryProfileSections.push(StatementsSection);
// "Email me when…" (decision 21).
missionaryProfileSections.push(NotificationPreferencesSection);
// A minister's own housing allowance designations, read-only (docs/tax.md).
missionaryProfileSections.push(HousingAllowanceSection);
