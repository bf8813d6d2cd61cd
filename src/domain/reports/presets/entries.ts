import { formatUSDate, type IsoDate } from '../../dates';
import { type Cents, sum } from '../../money';
import {
  type Account,
  CHART,
  defaultKind,
  holdAccountAccount,
  type JournalLine,
  missionaryFundAccount,
} from '../journal';
import type { AccountingMapping, AccountKind } from './kinds';

/**
 * One journal entry as every layout writes it (src/domain/reports/presets/*.ts): a stable number
 * derived from what is stored (MAT-{distribution id}, REV-{distribution id}, PAYOUT-{report id},
 * J-{first journal row id}), a date, a description, and balanced lines booked to the organisation's
 * mapped accounts (or the journal's own where a kind is unmapped).
 */
export interface PresetLine {
  kind: AccountKind;
  account: { number: string; name: string };
  debit: Cents;
  credit: Cents;
  memo: string;
  /** The per-missionary dimension's value: "{name} ({missionary #})". */
  dimension: string;
}

export interface PresetEntry {
  number: string;
  date: IsoDate;
  description: string;
  lines: PresetLine[];
  /** The distribution the entry books or reverses (Sheepfold's own CSV shows it). */
  distributionId: number | null;
  missionaryNumber: string | null;
  missionaryName: string;
}

export function missionaryLabel(name: string, number: string | null): string {
  return number?.trim() ? `${name} (${number.trim()})` : name;
}

function mapped(account: Account, kind: AccountKind, mapping: AccountingMapping): PresetLine['account'] {
  const to = mapping.accounts[kind];
  return to ? { number: to.number, name: to.name } : { number: account.code, name: account.name };
}

const DESCRIPTIONS: Array<[prefix: string, text: (line: JournalLine) => string]> = [
  ['MAT-', (l) => `MAT Day ${formatUSDate(l.date)}`],
  ['REV-', () => 'Reversal of an approval'],
  ['PAYOUT-', () => 'Paid at processing'],
];

/** The lines of one entry (all with the same `entry`) as a preset entry, accounts mapped. */
export function presetEntry(
  lines: readonly JournalLine[],
  mapping: AccountingMapping,
  description?: string,
): PresetEntry {
  const first = lines[0];
  if (!first) throw new Error('An entry needs lines.');
  const who = missionaryLabel(first.missionaryName, first.missionaryNumber);
  const what = description ?? DESCRIPTIONS.find(([prefix]) => first.entry.startsWith(prefix))?.[1](first) ?? first.memo;
  return {
    number: first.entry,
    date: first.date,
    description: `${what} — ${who}`,
    lines: lines.map((l) => ({
      kind: l.kind,
      account: mapped(l.account, l.kind, mapping),
      debit: l.debit,
      credit: l.credit,
      memo: l.memo,
      dimension: who,
    })),
    distributionId: first.distributionId,
    missionaryNumber: first.missionaryNumber,
    missionaryName: first.missionaryName,
  };
}

/** An approval's lines undone on the day of the reversal: each side swapped, as entry REV-{id}. */
export function reversalLines(lines: readonly JournalLine[], date: IsoDate, distributionId: number): JournalLine[] {
  return lines.map((l) => ({
    ...l,
    date,
    entry: `REV-${distributionId}`,
    debit: l.credit,
    credit: l.debit,
    memo: `Reversal of MAT-${distributionId}: ${l.memo}`,
  }));
}

/**
 * A balance move written to the journal by something other than an approval, its reversal or an
 * office payout (a manual adjustment, a hold-account transaction, a payment or its return): the
 * missionary's fund or a hold account, in cents (positive: the balance grew).
 */
export interface LedgerMove {
  id: number;
  date: IsoDate;
  account: 'user_fund' | 'hold_account';
  accountId: number;
  amount: Cents;
  reason: string;
  memo: string | null;
  userId: number;
  userName: string;
  missionaryNumber: string | null;
  fundName: string | null;
}

/**
 * The moves of one posting (same reason, reference, moment and missionary) as entry J-{first id}:
 * each balance on its own liability account (a growth is a credit), and what does not net out
 * against bank clearing, so the entry balances whatever wrote the rows.
 */
export function ledgerMoveLines(moves: readonly LedgerMove[]): JournalLine[] {
  const first = moves[0];
  if (!first) return [];
  const entry = `J-${Math.min(...moves.map((m) => m.id))}`;
  const words = first.reason.replaceAll('_', ' ');
  const line = (account: Account, amount: Cents, memo: string): JournalLine => ({
    date: first.date,
    entry,
    kind: defaultKind(account),
    account,
    debit: amount < 0 ? -amount : 0,
    credit: amount > 0 ? amount : 0,
    memo,
    distributionId: null,
    missionaryNumber: first.missionaryNumber,
    missionaryName: first.userName,
  });
  const lines = moves
    .filter((m) => m.amount !== 0)
    .map((m) =>
      line(
        m.account === 'user_fund'
          ? missionaryFundAccount({ user_id: m.userId, user_name: m.userName, missionary_number: m.missionaryNumber })
          : holdAccountAccount(m.accountId, m.fundName ?? ''),
        m.amount,
        m.memo?.trim() ? `${words}: ${m.memo.trim()}` : words,
      ),
    );
  const net = sum(moves.map((m) => m.amount));
  if (net !== 0) lines.push(line(CHART.cash, -net, words));
  return lines;
}

export interface AccountTotal {
  kind: AccountKind;
  number: string;
  name: string;
  debit: Cents;
  credit: Cents;
}

/** Adds an entry's lines to running totals per account (number and name), in first-seen order. */
export function addToTotals(totals: Map<string, AccountTotal>, entry: PresetEntry): void {
  for (const line of entry.lines) {
    const key = `${line.account.number}\u0000${line.account.name}`;
    const total = totals.get(key) ?? { kind: line.kind, ...line.account, debit: 0, credit: 0 };
    total.debit = sum([total.debit, line.debit]);
    total.credit = sum([total.credit, line.credit]);
    totals.set(key, total);
  }
}

export function entryBalances(entry: PresetEntry): boolean {
  return sum(entry.lines.map((l) => l.debit)) === sum(entry.lines.map((l) => l.credit));
}
