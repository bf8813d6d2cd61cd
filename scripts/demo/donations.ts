import { DEMO_MISSIONARIES } from './missionaries';

/** Dollars per month of the demo history, oldest first: two distributed months, then the one to try MAT Day on. */
type ThreeMonths = [number | null, number | null, number | null];

interface DemoGiftRow {
  /** The fund as the donor system names it: a general fund, or a hold account's fund name (designated). */
  fund: string;
  amounts: ThreeMonths;
  /** Number of gifts behind each amount (0 for a reversal). */
  counts: ThreeMonths;
}

/**
 * What the donor system exports for each missionary each month: individual monthly partners,
 * supporting churches, one-off gifts, gifts designated to hold accounts (by fund name) and the odd
 * returned check. The amounts are chosen against each payroll profile so that most funds end a month
 * a little ahead; Andrew MacLeod carries a deficit (negative ending balances), and Joseph Tanaka's
 * supporting church misses the newest month, so his donations drop by more than 25 % — the MAT Day
 * review flags have something to show.
 */
export const DEMO_GIFTS: Record<string, DemoGiftRow[]> = {
  'ruth.okafor': [
    { fund: 'Personal Support', amounts: [3140, 3215, 3095], counts: [41, 42, 40] },
    { fund: 'Church Support', amounts: [1000, 1000, 1000], counts: [1, 1, 1] },
    { fund: 'Special Gifts', amounts: [615, 715, 515], counts: [5, 6, 4] },
    { fund: 'Okafor Vehicle Fund', amounts: [225, 175, 250], counts: [3, 2, 3] },
  ],
  'daniel.kim': [
    { fund: 'Personal Support', amounts: [3880, 3925, 3810], counts: [47, 48, 46] },
    { fund: 'Church Support', amounts: [2000, 2000, 2000], counts: [2, 2, 2] },
    { fund: 'Special Gifts', amounts: [260, 410, 185], counts: [3, 4, 2] },
    { fund: "Kim Children's Education", amounts: [150, null, 200], counts: [2, null, 2] },
  ],
  'maria.santos': [
    { fund: 'Personal Support', amounts: [2115, 2160, 2090], counts: [29, 30, 28] },
    { fund: 'Church Support', amounts: [500, 500, 500], counts: [1, 1, 1] },
    { fund: 'Special Gifts', amounts: [120, null, 210], counts: [2, null, 3] },
    { fund: 'Santos Ministry Projects', amounts: [300, 150, 450], counts: [4, 2, 5] },
  ],
  'samuel.mensah': [
    { fund: 'Personal Support', amounts: [3420, 3385, 3460], counts: [44, 43, 45] },
    { fund: 'Church Support', amounts: [1250, 1250, 1250], counts: [2, 2, 2] },
    { fund: 'Special Gifts', amounts: [340, 410, 260], counts: [4, 5, 3] },
  ],
  'hannah.lindqvist': [
    { fund: 'Personal Support', amounts: [3910, 3980, 3870], counts: [52, 53, 51] },
    { fund: 'Church Support', amounts: [1200, 1200, 1200], counts: [2, 2, 2] },
    { fund: 'Special Gifts', amounts: [275, 150, 360], counts: [3, 2, 4] },
  ],
  'joseph.tanaka': [
    { fund: 'Personal Support', amounts: [2230, 2290, 1720], counts: [33, 34, 26] },
    { fund: 'Church Support', amounts: [750, 750, null], counts: [1, 1, null] },
    { fund: 'Special Gifts', amounts: [100, 110, 260], counts: [1, 2, 3] },
    { fund: 'Tanaka Language School', amounts: [120, null, null], counts: [1, null, null] },
  ],
  'esther.haddad': [
    { fund: 'Personal Support', amounts: [2860, 2905, 2830], counts: [37, 38, 36] },
    { fund: 'Church Support', amounts: [1300, 1300, 1300], counts: [3, 3, 3] },
    { fund: 'Special Gifts', amounts: [195, 240, 260], counts: [2, 3, 3] },
  ],
  'peter.novak': [
    { fund: 'Personal Support', amounts: [3560, 3610, 3525], counts: [46, 47, 45] },
    { fund: 'Church Support', amounts: [1500, 1500, 1500], counts: [2, 2, 2] },
    { fund: 'Special Gifts', amounts: [180, 95, 240], counts: [2, 1, 3] },
    // A returned check: the donor system exports the reversal as a negative row.
    { fund: 'Personal Support', amounts: [-50, null, null], counts: [0, null, null] },
  ],
  'lydia.mwangi': [
    { fund: 'Personal Support', amounts: [2540, 2575, 2510], counts: [36, 37, 35] },
    { fund: 'Church Support', amounts: [800, 800, 800], counts: [1, 1, 1] },
    { fund: 'Special Gifts', amounts: [250, 180, 310], counts: [3, 2, 4] },
  ],
  'andrew.macleod': [
    { fund: 'Personal Support', amounts: [2410, 2480, 2150], counts: [31, 32, 28] },
    { fund: 'Church Support', amounts: [1000, 1000, 1000], counts: [1, 1, 1] },
    { fund: 'Special Gifts', amounts: [110, 130, null], counts: [2, 2, null] },
    { fund: 'Personal Support', amounts: [null, null, -85], counts: [null, null, 0] },
  ],
};

/** "Ruth Okafor" → "Okafor, Ruth", the way donor systems list people. */
function lastFirst(name: string): string {
  const parts = name.split(' ');
  return `${parts.slice(-1)[0]}, ${parts.slice(0, -1).join(' ')}`;
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The donor system's export for one month of the history (0 = oldest, 2 = newest): a CSV with the
 * Fund, Account #, Missionary, Amount and Count columns the import reads (docs/decisions.md "Donation import").
 */
export function demoDonationCsv(month: 0 | 1 | 2): { content: Buffer; rows: number } {
  const lines = ['Fund,Account #,Missionary,Amount,Count'];
  for (const person of DEMO_MISSIONARIES) {
    for (const row of DEMO_GIFTS[person.login] ?? []) {
      const amount = row.amounts[month];
      if (amount === null) continue;
      lines.push(
        [row.fund, person.accountNumber, lastFirst(person.name), amount.toFixed(2), String(row.counts[month] ?? 1)]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return { content: Buffer.from(`${lines.join('\r\n')}\r\n`), rows: lines.length - 1 };
}
