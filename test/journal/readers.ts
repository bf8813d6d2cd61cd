import { parse } from 'csv-parse/sync';

/**
 * Independent readers of the accounting presets: each groups rows into entries the way its package
 * does, parses amounts and dates itself, and never calls the writers' code. The tests compare what
 * they read with the journal.
 */
export interface ReadLine {
  account: string;
  /** Cents; a credit is negative. */
  amount: number;
  dimension: string;
}

export interface ReadEntry {
  /** The entry's number: the first word of the package's grouping key. */
  number: string;
  date: string;
  lines: ReadLine[];
}

/** "1234.50", "-12.34", "" → cents (0 for blank); anything else throws. */
export function cents(text: string): number {
  if (text === '') return 0;
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

function isoFrom(text: string, order: 'mdy' | 'dmy'): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) throw new Error(`not a date: ${JSON.stringify(text)}`);
  const [month, day] = order === 'mdy' ? [match[1], match[2]] : [match[2], match[1]];
  return `${match[3]}-${month}-${day}`;
}

function records(text: string): Array<Record<string, string>> {
  return parse(text, { columns: (header: string[]) => header.map((h) => h.replace(/^\*/, '')), bom: true });
}

/** Rows grouped by a key, in first-seen order; every row of a group must carry the same date. */
function groupBy(rows: Array<{ key: string; date: string; line: ReadLine }>): ReadEntry[] {
  const entries = new Map<string, ReadEntry>();
  for (const row of rows) {
    const entry = entries.get(row.key) ?? { number: row.key.split(' ')[0], date: row.date, lines: [] };
    if (entry.date !== row.date) throw new Error(`entry ${row.key} has two dates`);
    entry.lines.push(row.line);
    entries.set(row.key, entry);
  }
  return [...entries.values()];
}

/** QuickBooks Online: rows with the same JournalNo are one entry. */
export function readQbo(text: string): ReadEntry[] {
  return groupBy(
    records(text).map((r) => ({
      key: r.JournalNo,
      date: isoFrom(r.JournalDate, 'mdy'),
      line: { account: r.AccountName, amount: cents(r.Debits) - cents(r.Credits), dimension: r.Class },
    })),
  );
}

/** Xero: rows with the same Narration and Date are one journal; Amount is signed. */
export function readXero(text: string): ReadEntry[] {
  return groupBy(
    records(text).map((r) => {
      if (r.TaxRate === '') throw new Error('Xero needs a tax rate on every line');
      return {
        key: `${r.Narration}\u0000${r.Date}`,
        date: isoFrom(r.Date, 'dmy'),
        line: { account: r.AccountCode, amount: cents(r.Amount), dimension: r.TrackingOption1 },
      };
    }),
  );
}

/** Aplos: a row with Date and Memo starts an entry; rows with neither continue it. */
export function readAplos(text: string): ReadEntry[] {
  const entries: ReadEntry[] = [];
  for (const r of records(text)) {
    if ((r.Date === '') !== (r.Memo === '')) throw new Error('Date and Memo go together on the first row');
    if (r.Date !== '') entries.push({ number: r.Memo.split(' ')[0], date: isoFrom(r.Date, 'mdy'), lines: [] });
    const entry = entries.at(-1);
    if (!entry) throw new Error('a line before the first entry');
    entry.lines.push({ account: r.Account, amount: cents(r.Debit) - cents(r.Credit), dimension: r.Fund });
  }
  return entries;
}

/** Sage Intacct: a row with JOURNAL starts an entry; LINE_NO counts from 1 within it. */
export function readIntacct(text: string, dimensionColumn: string): ReadEntry[] {
  const entries: ReadEntry[] = [];
  for (const r of records(text)) {
    if (r.JOURNAL !== '') {
      if (r.DATE === '' || r.DESCRIPTION === '') throw new Error('an entry needs its date and description');
      if (r.DESCRIPTION.length > 30) throw new Error('DESCRIPTION is at most 30 characters');
      entries.push({ number: r.DESCRIPTION.split(' ')[0], date: isoFrom(r.DATE, 'mdy'), lines: [] });
    }
    const entry = entries.at(-1);
    if (!entry) throw new Error('a line before the first entry');
    if (Number(r.LINE_NO) !== entry.lines.length + 1) throw new Error(`LINE_NO ${r.LINE_NO} out of order`);
    entry.lines.push({
      account: r.ACCT_NO,
      amount: cents(r.DEBIT) - cents(r.CREDIT),
      dimension: r[dimensionColumn],
    });
  }
  return entries;
}

/** QuickBooks Desktop IIF: TRNS, SPL…, ENDTRNS blocks; columns named by the !TRNS and !SPL lines. */
export function readIif(text: string): ReadEntry[] {
  const lines = text.split('\r\n').filter((line) => line !== '');
  const columns = new Map<string, string[]>();
  const entries: ReadEntry[] = [];
  let open: ReadEntry | null = null;
  for (const line of lines) {
    const cells = line.split('\t');
    const tag = cells[0];
    if (tag.startsWith('!')) {
      columns.set(tag.slice(1), cells);
      continue;
    }
    if (tag === 'ENDTRNS') {
      if (!open) throw new Error('ENDTRNS without TRNS');
      entries.push(open);
      open = null;
      continue;
    }
    const names = columns.get(tag);
    if (!names || (tag === 'TRNS') === (open !== null)) throw new Error(`unexpected ${tag} line`);
    const cell = (name: string) => cells[names.indexOf(name)] ?? '';
    if (cell('TRNSTYPE') !== 'GENERAL JOURNAL') throw new Error('not a general journal');
    const signed = /^-?\d+\.\d{2}$/.test(cell('AMOUNT')) ? cents(cell('AMOUNT')) : Number.NaN;
    if (tag === 'TRNS') open = { number: cell('DOCNUM'), date: isoFrom(cell('DATE'), 'mdy'), lines: [] };
    if (!open || isoFrom(cell('DATE'), 'mdy') !== open.date) throw new Error('a split of another date');
    open.lines.push({ account: cell('ACCNT'), amount: signed, dimension: cell('CLASS') });
  }
  if (open) throw new Error('TRNS without ENDTRNS');
  return entries;
}

/** Sheepfold's own CSV: rows with the same Entry are one entry. */
export function readSheepfoldCsv(text: string): ReadEntry[] {
  return groupBy(
    records(text).map((r) => ({
      key: r.Entry,
      date: r.Date,
      line: { account: r.Account, amount: cents(r.Debit) - cents(r.Credit), dimension: r.Missionary },
    })),
  );
}

/** Σ per account over every entry (cents, debit positive). */
export function totalsByAccount(entries: readonly ReadEntry[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of entries.flatMap((e) => e.lines)) {
    totals.set(line.account, (totals.get(line.account) ?? 0) + line.amount);
  }
  return totals;
}

export function unbalanced(entries: readonly ReadEntry[]): string[] {
  return entries.filter((e) => e.lines.reduce((total, l) => total + l.amount, 0) !== 0).map((e) => e.number);
}
