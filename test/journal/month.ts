import fc from 'fast-check';
import { STORED_MONEY_FIELDS } from '../../src/domain/distributions/types';
import type { DistributionFigures } from '../../src/domain/reports/accounting';
import { type JournalLine, type JournalSource, journalLines } from '../../src/domain/reports/journal';
import { officePayoutJournalLines } from '../../src/domain/reports/office-payouts';
import {
  type LedgerMove,
  ledgerMoveLines,
  type PresetEntry,
  presetEntry,
  reversalLines,
} from '../../src/domain/reports/presets/entries';
import { ACCOUNT_KINDS, type AccountingMapping } from '../../src/domain/reports/presets/kinds';
import type { Layout } from '../../src/domain/reports/presets/layout';
import { record } from '../../src/domain/reports/presets/layout';

/**
 * A random month of the journal for the preset tests: approvals with random figures and funds, some
 * of them reversed, office payouts, and other balance moves (adjustments, payments, returns).
 */
export interface Month {
  approvals: Array<{ source: JournalSource; reversedOn: string | null }>;
  payouts: Parameters<typeof officePayoutJournalLines>[0][];
  moves: LedgerMove[][];
}

const NAMES = ['Ruth Mensah', 'Lydia Okafor', 'Timothy Park', 'Priscilla Ada', 'Silas Brown'];
const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-11-${String(d).padStart(2, '0')}`);
const money = fc.integer({ min: 0, max: 500_000 });

const figures: fc.Arbitrary<DistributionFigures> = fc
  .tuple(...STORED_MONEY_FIELDS.map(() => fc.oneof(fc.constant(0), money)))
  .map((values) => Object.fromEntries(STORED_MONEY_FIELDS.map((key, i) => [key, values[i]])) as DistributionFigures);

const approval = fc.record({
  figures,
  person: fc.integer({ min: 0, max: NAMES.length - 1 }),
  end: day,
  reversedOn: fc.option(day, { nil: null }),
  funds: fc.option(
    fc.uniqueArray(
      fc.record({
        holdAccountId: fc.integer({ min: 1, max: 9 }),
        deposits: money,
        transfers: money,
        withdrawals: money,
      }),
      { selector: (f) => f.holdAccountId, maxLength: 3 },
    ),
    { nil: null },
  ),
});

const payout = fc.record({
  person: fc.integer({ min: 0, max: NAMES.length - 1 }),
  date: day,
  parts: fc.array(fc.record({ hold: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }), amount: money }), {
    minLength: 1,
    maxLength: 3,
  }),
});

const move = fc.record({
  person: fc.integer({ min: 0, max: NAMES.length - 1 }),
  date: day,
  rows: fc.array(
    fc.record({
      hold: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
      amount: fc.integer({ min: -400_000, max: 400_000 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  reason: fc.constantFrom('manual_adjustment', 'manual_transfer', 'payment_return'),
});

const who = (person: number) => ({
  user_id: person + 1,
  user_name: NAMES[person],
  missionary_number: `M-${person + 10}`,
});

export const monthArbitrary: fc.Arbitrary<Month> = fc
  .record({
    approvals: fc.array(approval, { maxLength: 6 }),
    payouts: fc.array(payout, { maxLength: 3 }),
    moves: fc.array(move, { maxLength: 3 }),
  })
  .map(({ approvals, payouts, moves }) => {
    let id = 1000;
    return {
      approvals: approvals.map((a, index) => ({
        reversedOn: a.reversedOn && a.reversedOn >= a.end ? a.reversedOn : null,
        source: {
          ...a.figures,
          ...who(a.person),
          id: index + 1,
          status: 'approved' as const,
          start_date: '2026-11-01',
          end_date: a.end,
          donation_upload_name: null,
          tax_status: 'W2',
          fica_tax: true,
          funds: a.funds?.map((f) => ({ ...f, fundName: `Fund ${f.holdAccountId}` })) ?? null,
        },
      })),
      payouts: payouts.map((p, index) => ({
        reportId: 300 + index,
        userId: p.person + 1,
        userName: NAMES[p.person],
        missionaryNumber: `M-${p.person + 10}`,
        date: p.date,
        parts: p.parts.map((part) => ({
          holdAccountId: part.hold,
          fundName: part.hold === null ? '' : `Fund ${part.hold}`,
          amount: part.amount,
        })),
        paidOtherwise: null,
      })),
      moves: moves.map((m) =>
        m.rows.map((row) => ({
          id: id++,
          date: m.date,
          account: row.hold === null ? ('user_fund' as const) : ('hold_account' as const),
          accountId: row.hold ?? m.person + 1,
          amount: row.amount,
          reason: m.reason,
          memo: 'Office',
          userId: m.person + 1,
          userName: NAMES[m.person],
          missionaryNumber: `M-${m.person + 10}`,
          fundName: row.hold === null ? null : `Fund ${row.hold}`,
        })),
      ),
    };
  });

/** The month's journal lines grouped by entry, as the server reads them. */
export function monthLines(month: Month): JournalLine[][] {
  return [
    ...month.approvals.flatMap(({ source, reversedOn }) => {
      const lines = journalLines(source);
      if (lines.length === 0) return [];
      return reversedOn ? [lines, reversalLines(lines, reversedOn, source.id)] : [lines];
    }),
    ...month.payouts.map(officePayoutJournalLines).filter((lines) => lines.length > 0),
    ...month.moves.map(ledgerMoveLines).filter((lines) => lines.length > 0),
  ];
}

export function monthEntries(month: Month, mapping: AccountingMapping): PresetEntry[] {
  return monthLines(month).map((lines) => presetEntry(lines, mapping));
}

/** A mapping of the chosen kinds to accounts "5{i}00 Mapped {kind}". */
export function mappingOf(kinds: readonly string[], dimension = 'Missionary'): AccountingMapping {
  return {
    accounts: Object.fromEntries(
      ACCOUNT_KINDS.filter((kind) => kinds.includes(kind)).map((kind, i) => [
        kind,
        { number: `5${i}00`, name: `Mapped ${kind.replaceAll('_', ' ')}` },
      ]),
    ),
    dimension,
  };
}

/** A whole file, for the tests only (the server streams the same records). */
export function writeAll(layout: Layout, mapping: AccountingMapping, entries: readonly PresetEntry[]): string {
  const rows = [...layout.header(mapping), ...entries.flatMap((entry) => layout.rows(entry, mapping))];
  return (layout.bom ? '\ufeff' : '') + rows.map((cells) => record(layout, cells)).join('');
}
