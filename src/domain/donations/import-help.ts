import type { ReportTable } from '../reports/table';
import { COLUMN_ROLES, type ColumnRole, HEADER_ALIASES, ROLE_LABELS } from './columns';

/**
 * What the import screen tells the office about the file it wants ("import without
 * guessing"): every column meaning with the headers read for it, straight from `HEADER_ALIASES`
 * and `ROLE_LABELS`, so the help cannot drift from what the import reads; and the template the
 * screen offers as CSV and Excel, whose headers are read by name without a mapping.
 */

/** Whether a file must have the column: always, one of Fund / Account # / Missionary, or never. */
export type ColumnNeed = 'required' | 'one of' | 'optional';

export interface ImportColumnHelp {
  role: Exclude<ColumnRole, 'ignore'>;
  label: string;
  need: ColumnNeed;
  /** What the column holds and how it is read, in one or two sentences. */
  description: string;
  /** Every header the import reads as this column, first letter capitalised, in the alias table's order. */
  headers: string[];
}

const HELP: Record<Exclude<ColumnRole, 'ignore'>, { need: ColumnNeed; description: string }> = {
  fund: {
    need: 'one of',
    description:
      "Whose gift: a hold account's fund name (a designated gift), or a missionary's Account # or full name.",
  },
  accountNumber: {
    need: 'one of',
    description: "The missionary's Account #. With a Fund it must name the same missionary.",
  },
  missionary: {
    need: 'one of',
    description:
      'The missionary\'s full name ("Ruth Okafor" or "Okafor, Ruth"). With a Fund it must name the same missionary.',
  },
  amount: {
    need: 'required',
    description:
      'The gift in dollars: 1,234.50, $12 or (3.45) for a reversal. With several amount columns the preview asks which one.',
  },
  count: {
    need: 'optional',
    description: 'The number of gifts in the row. Without this column each row is one gift.',
  },
  date: {
    need: 'optional',
    description: "The gift's date. A date outside the upload's month is a warning, not an error.",
  },
  status: {
    need: 'optional',
    description: 'Voided, refunded, failed or disputed gifts are skipped and listed in the preview.',
  },
  donor: { need: 'optional', description: 'The giver. Never used to find the missionary.' },
  donorFirst: { need: 'optional', description: "The giver's first name." },
  donorLast: { need: 'optional', description: "The giver's last name." },
  donorId: { need: 'optional', description: "The giver's ID in the donor system; donors are counted by it." },
};

function capitalised(alias: string): string {
  return `${alias.charAt(0).toUpperCase()}${alias.slice(1)}`;
}

/** One entry per column meaning the import reads, in the order the screen lists them. */
export const IMPORT_COLUMN_HELP: readonly ImportColumnHelp[] = COLUMN_ROLES.filter(
  (role): role is Exclude<ColumnRole, 'ignore'> => role !== 'ignore',
).map((role) => ({
  role,
  label: ROLE_LABELS[role],
  need: HELP[role].need,
  description: HELP[role].description,
  headers: HEADER_ALIASES[role].map(capitalised),
}));

/** Headers the import knows and leaves unread (phone, memo, …), so they never ask for a mapping. */
export const IGNORED_HEADERS: readonly string[] = HEADER_ALIASES.ignore.map(capitalised);

/** The template's columns: the per-fund totals layout (docs/donation-import.md), Denari's own. */
export const IMPORT_TEMPLATE_COLUMNS = [
  { header: 'Fund', role: 'fund', kind: 'text', width: 28 },
  { header: 'Account #', role: 'accountNumber', kind: 'text', width: 12 },
  { header: 'Missionary', role: 'missionary', kind: 'text', width: 24 },
  { header: 'Amount', role: 'amount', kind: 'money', width: 14 },
  { header: 'Count', role: 'count', kind: 'integer', width: 8 },
] as const satisfies ReadonlyArray<{
  header: string;
  role: ColumnRole;
  kind: 'text' | 'money' | 'integer';
  width: number;
}>;

/** The template as a table with its header row only: the office fills in one row per fund or missionary. */
export function importTemplateTable(): ReportTable {
  return {
    sheetName: 'Donations',
    columns: IMPORT_TEMPLATE_COLUMNS.map(({ header, kind, width }) => ({ header, kind, width })),
    rows: [],
  };
}

export const IMPORT_TEMPLATE_FILENAME = 'donation-import-template';

/** "The file needs an Amount column and a Fund, Account # or Missionary column; …", from the `need` of each entry. */
export function neededColumnsSentence(): string {
  const labelsWith = (need: ColumnNeed) =>
    IMPORT_COLUMN_HELP.filter((entry) => entry.need === need).map((e) => e.label);
  const oneOf = labelsWith('one of');
  const article = (label: string) => (/^[aeiou]/i.test(label) ? 'an' : 'a');
  const required = labelsWith('required').map((label) => `${article(label)} ${label} column`);
  const choice = `${oneOf.slice(0, -1).join(', ')} or ${oneOf[oneOf.length - 1]}`;
  return `The file needs ${required.join(', ')} and ${article(choice)} ${choice} column; the other columns are optional. Headers are read by name: case, spaces and _ - . : do not matter, and the columns may come in any order.`;
}
