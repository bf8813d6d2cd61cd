import { type JournalSource, journalLines } from './journal';
import { JOURNAL_FIGURES, journalLinesSource } from './journal-figures';
import { asReportDistribution, fundsOf, workedExample } from './test-fixtures';

/**
 * journalLinesSource: what the journal export builds from a distribution's JOURNAL_FIGURES read as
 * one list. Each figure must come from its own place in the list, and the lines must be those of
 * the whole distribution.
 */
const example = workedExample();
const ruth: JournalSource = { ...asReportDistribution(example, { id: 501 }), funds: fundsOf(example) };

describe('journalLinesSource', () => {
  it('reads each figure from its own place in the list', () => {
    // Figure i is (i + 1) × 100 cents: $1.00 for total_donations, $2.00 for transfer_from_held, …
    const source = journalLinesSource(
      ruth,
      JOURNAL_FIGURES.map((_, index) => (index + 1) * 100),
      null,
    );
    expect(JOURNAL_FIGURES.map((figure) => source[figure])).toEqual(
      JOURNAL_FIGURES.map((_, index) => (index + 1) * 100),
    );
    expect(source).toMatchObject({ id: 501, user_name: ruth.user_name, end_date: ruth.end_date, funds: null });
  });

  it("makes the same lines as the whole distribution (the worked example's 32)", () => {
    const source = journalLinesSource(
      ruth,
      JOURNAL_FIGURES.map((figure) => ruth[figure]),
      ruth.funds,
    );
    expect(journalLines(source)).toEqual(journalLines(ruth));
    expect(journalLines(source)).toHaveLength(32);
  });

  it('refuses a list of the wrong length', () => {
    expect(() => journalLinesSource(ruth, [100, 200], null)).toThrow(RangeError);
  });
});
