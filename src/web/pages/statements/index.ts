/** Statements for other features: the download button for any screen that lists distributions. */
export { DonationsChart } from './DonationsChart';
export { DonationsTrendCard } from './DonationsTrendCard';
export { MissionaryStatementsPanel } from './MissionaryStatementsPanel';
export { StatementButton, statementPath } from './StatementButton';
export { StatementsSection } from './StatementsSection';
export type { StatementSummary, Trend } from './types';
