/**
 * What each column of a donor-system export means (decisions 7, 12 and 24, docs/decisions.md). A header is
 * matched by name, case-insensitively, with aliases; a file whose headers are not all recognised is
 * read through a column mapping the office chose once and the server remembers per header signature.
 */

/** The meanings a column can have. `ignore` columns are read by nobody. */
export const COLUMN_ROLES = [
  'fund',
  'accountNumber',
  'missionary',
  'amount',
  'count',
  'date',
  'status',
  'donor',
  'donorFirst',
  'donorLast',
  'donorId',
  'ignore',
] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

export const ROLE_LABELS: Record<ColumnRole, string> = {
  fund: 'Fund / designation',
  accountNumber: 'Account #',
  missionary: 'Missionary',
  amount: 'Amount',
  count: 'Count (gifts)',
  date: 'Gift date',
  status: 'Status / void',
  donor: 'Donor name',
  donorFirst: 'Donor first name',
  donorLast: 'Donor last name',
  donorId: 'Donor ID',
  ignore: 'Ignore',
};

/** Roles one column at most may have; amount and status columns may be several. */
const SINGLE_ROLES: readonly ColumnRole[] = [
  'fund',
  'accountNumber',
  'missionary',
  'count',
  'date',
  'donor',
  'donorFirst',
  'donorLast',
  'donorId',
];

/** Header aliases after normalisation (lowercase, `_`/`-`/`.`/`:` as spaces, single spaces). */
export const HEADER_ALIASES: Record<ColumnRole, readonly string[]> = {
  fund: ['fund', 'fund name', 'funds', 'fund(s)', 'account', 'account name', 'fund description', 'designation'],
  amount: [
    'amount',
    'total',
    'total amount',
    'gift amount',
    'gross amount',
    'net amount',
    'donation amount',
    'amount total',
    'gift total',
    'sum',
  ],
  count: ['count', 'gifts', 'gift count', 'number of gifts', '# of gifts', '# gifts', 'donation count', 'quantity'],
  accountNumber: [
    'account #',
    'account number',
    'account no',
    'acct #',
    'acct number',
    'acct no',
    'missionary number',
    'missionary #',
    'missionary no',
    'missionary id',
    'worker number',
    'field worker number',
  ],
  missionary: [
    'missionary',
    'missionary name',
    'user name',
    'worker',
    'field worker',
    'field worker name',
    'recipient',
    'recipient name',
  ],
  date: [
    'date',
    'gift date',
    'donation date',
    'transaction date',
    'payment date',
    'deposit date',
    'received date',
    'date received',
    'batch date',
  ],
  status: [
    'status',
    'payment status',
    'transaction status',
    'gift status',
    'donation status',
    'voided',
    'void',
    'is voided',
    'refunded',
  ],
  donor: ['name', 'donor', 'donor name', 'full name', 'giver', 'giver name', 'household', 'household name'],
  donorFirst: ['first name', 'donor first name', 'first'],
  donorLast: ['last name', 'donor last name', 'last', 'surname'],
  donorId: ['donor id', 'donor #', 'donor number', 'person id', 'giver id', 'constituent id'],
  // Columns donor systems export that the import has no use for: recognised, so they do not ask for a mapping.
  ignore: [
    'note',
    'notes',
    'memo',
    'comment',
    'comments',
    'phone',
    'phone number',
    'email',
    'email address',
    'address',
    'type',
    'gift type',
    'payment method',
    'payment type',
    'method',
    'check number',
    'check #',
    'check no',
    'check/ref #',
    'reference',
    'ref #',
    'transaction id',
    'batch',
    'batch #',
    'batch number',
    'fee',
    'fees',
    'campus',
  ],
};

export function normalizeHeader(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[_\-.:]+/g, ' ')
    .replace(/\s*#\s*/g, ' # ')
    .replace(/\s+/g, ' ')
    .trim();
}

const ALIAS_TO_ROLE = new Map<string, ColumnRole>(
  (Object.entries(HEADER_ALIASES) as Array<[ColumnRole, readonly string[]]>).flatMap(([role, aliases]) =>
    aliases.map((alias) => [normalizeHeader(alias), role] as [string, ColumnRole]),
  ),
);

/** The role a header's name gives it, or null when the name is not one the import knows. */
export function roleOfHeader(text: string): ColumnRole | null {
  return ALIAS_TO_ROLE.get(normalizeHeader(text)) ?? null;
}

/**
 * The header signature a remembered mapping is stored under: the normalised non-blank headers,
 * sorted (files with the same headers in another order share a mapping).
 */
export function headerSignature(headers: readonly string[]): string {
  return [...headers]
    .map(normalizeHeader)
    .filter((header) => header !== '')
    .sort()
    .join('|');
}

/** A mapping: normalised header → role. */
export type ColumnMapping = Readonly<Record<string, ColumnRole>>;

export interface PlannedColumn {
  index: number;
  header: string;
  role: ColumnRole;
  /** Where the role came from: the header's name, the mapping, or nowhere (not recognised). */
  source: 'name' | 'mapping' | 'unknown';
}

/** How a header row is read. `fields` holds one column index per single role. */
export interface ColumnPlan {
  columns: PlannedColumn[];
  fields: Partial<Record<ColumnRole, number>>;
  /** Every amount-like column; `amountIndex` is the one read. */
  amountColumns: number[];
  amountIndex: number | null;
  statusColumns: number[];
  /** Headers neither an alias nor in the mapping. */
  unknown: string[];
  /** The file cannot be read as it is: a mapping must say what its columns are. */
  mappingNeeded: boolean;
  /** Several amount columns and no choice yet: the preview asks which. */
  amountChoiceNeeded: boolean;
  errors: string[];
}

/**
 * Plans how a header row is read: each header's role from the mapping when one is given, else
 * from its name. The file needs an amount column and a fund, Account # or Missionary column, and
 * one column per single role; when it has several amount columns, `amountChoice` (a header) says
 * which one holds the gift.
 */
export function planColumns(
  headers: readonly string[],
  mapping: ColumnMapping | null = null,
  amountChoice: string | null = null,
): ColumnPlan {
  const columns: PlannedColumn[] = [];
  const unknown: string[] = [];
  headers.forEach((cell, index) => {
    const header = cell.trim();
    if (header === '') return;
    const mapped = mapping?.[normalizeHeader(header)];
    const named = roleOfHeader(header);
    const role = mapped ?? named ?? 'ignore';
    const source = mapped ? 'mapping' : named ? 'name' : 'unknown';
    if (source === 'unknown') unknown.push(header);
    columns.push({ index, header, role, source });
  });
  const errors: string[] = [];
  const fields: Partial<Record<ColumnRole, number>> = {};
  for (const role of SINGLE_ROLES) {
    const [first, second] = columns.filter((column) => column.role === role);
    if (first && second) {
      errors.push(
        `The file has two ${ROLE_LABELS[role]} columns ("${first.header}" and "${second.header}"); map one of them to Ignore.`,
      );
    }
    if (first) fields[role] = first.index;
  }
  const amountColumns = columns.filter((column) => column.role === 'amount').map((column) => column.index);
  const statusColumns = columns.filter((column) => column.role === 'status').map((column) => column.index);
  let mappingNeeded = errors.length > 0;
  if (amountColumns.length === 0) {
    mappingNeeded = true;
    errors.push(`The file has no Amount column (headers accepted: ${HEADER_ALIASES.amount.join(', ')}).`);
  }
  if (fields.fund === undefined && fields.accountNumber === undefined && fields.missionary === undefined) {
    mappingNeeded = true;
    errors.push(
      'The file needs a Fund, Account # or Missionary column to know whose donation each row is (a Name column names the donor).',
    );
  }
  const { amountIndex, amountChoiceNeeded, amountError } = chooseAmount(headers, amountColumns, amountChoice);
  if (amountError) errors.push(amountError);
  return {
    columns,
    fields,
    amountColumns,
    amountIndex,
    statusColumns,
    unknown,
    mappingNeeded,
    amountChoiceNeeded,
    errors,
  };
}

function chooseAmount(headers: readonly string[], amountColumns: readonly number[], choice: string | null) {
  const names = amountColumns.map((index) => (headers[index] ?? '').trim());
  if (choice !== null && choice.trim() !== '') {
    const position = names.findIndex((name) => normalizeHeader(name) === normalizeHeader(choice));
    if (position === -1) {
      return {
        amountIndex: amountColumns.length === 1 ? (amountColumns[0] ?? null) : null,
        amountChoiceNeeded: amountColumns.length > 1,
        amountError: `The amount column "${choice.trim()}" is not one of the file's amount columns (${names.join(', ') || 'none'}).`,
      };
    }
    return { amountIndex: amountColumns[position] ?? null, amountChoiceNeeded: false, amountError: null };
  }
  if (amountColumns.length === 1)
    return { amountIndex: amountColumns[0] ?? null, amountChoiceNeeded: false, amountError: null };
  if (amountColumns.length === 0) return { amountIndex: null, amountChoiceNeeded: false, amountError: null };
  return {
    amountIndex: null,
    amountChoiceNeeded: true,
    amountError: `The file has several amount columns (${names.join(', ')}); choose which one holds the gift.`,
  };
}

/**
 * A mapping as the office sends it: header → role for every non-blank header of the file. Unknown
 * roles, headers not in the file and headers the file has twice are refused.
 */
export function checkMapping(headers: readonly string[], mapping: Readonly<Record<string, string>>): string[] {
  const errors: string[] = [];
  const inFile = new Map<string, number>();
  for (const header of headers) {
    const key = normalizeHeader(header);
    if (key !== '') inFile.set(key, (inFile.get(key) ?? 0) + 1);
  }
  for (const [key, times] of inFile) {
    if (times > 1) errors.push(`The file has two columns named "${key}"; rename one before mapping.`);
  }
  for (const [header, role] of Object.entries(mapping)) {
    if (!inFile.has(normalizeHeader(header))) errors.push(`The file has no column "${header}".`);
    if (!(COLUMN_ROLES as readonly string[]).includes(role)) {
      errors.push(`"${role}" is not a column meaning (${COLUMN_ROLES.join(', ')}).`);
    }
  }
  return errors;
}

/** The mapping keyed by normalised header, as stored. */
export function normalizeMapping(mapping: Readonly<Record<string, ColumnRole>>): Record<string, ColumnRole> {
  return Object.fromEntries(Object.entries(mapping).map(([header, role]) => [normalizeHeader(header), role]));
}

/** The role each header has now, by name: what the mapping step proposes. */
export function suggestedMapping(headers: readonly string[]): Record<string, ColumnRole> {
  return Object.fromEntries(
    headers.filter((header) => header.trim() !== '').map((header) => [header.trim(), roleOfHeader(header) ?? 'ignore']),
  );
}
