import type { ComponentType } from 'react';
import type { User } from '../../api/types';
import { MyDistributionsSection } from '../distributions/DistributionsSection';
import { NotificationPreferencesSection } from '../notifications/NotificationPreferencesSection';
import { StatementsSection } from '../statements/StatementsSection';

/** Sections under the missionary's own profile (statements history, …); features add theirs. */
export const missionaryProfileSections: Array<ComponentType<{ user: User }>> = [];

// Issue 5: the missionary's own approved distributions, opened read-only.
missionaryProfileSections.push(MyDistributionsSection);
// Issue 6: the missionary's monthly statements.
missionaryProfileSections.push(StatementsSection);
// Issue 12: "Email me when…" (decision 21).
missionaryProfileSections.push(NotificationPreferencesSection);
